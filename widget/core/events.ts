// The typed event contract of both elements. Every event is prefixed with its element's tag,
// bubbles and is composed, so a host page hears it on the element or anywhere above it.

export interface SsoLoginSuccessDetail {
  /** Where the user goes next: /home, or a validated callBack URL. */
  redirect: string;
  username?: string;
}
export interface SsoLoginErrorDetail {
  code: string | number;
  msg: string;
}
export interface SsoLoginViewChangeDetail {
  view: string;
}
export interface AppCenterOpenDetail {
  name: string;
  url: string;
}
export interface AppCenterExitDetail {
  /** Where the element goes after signing out (the site origin). */
  redirect: string;
}

export interface AppCenterSignInDetail {
  /** The login route the element goes to unless a listener calls preventDefault() (/login). */
  redirect: string;
}

export interface WidgetEventDetails {
  'sso-login-success': SsoLoginSuccessDetail;
  'sso-login-error': SsoLoginErrorDetail;
  'sso-login-view-change': SsoLoginViewChangeDetail;
  'app-center-open': AppCenterOpenDetail;
  'app-center-exit': AppCenterExitDetail;
  'app-center-sign-in': AppCenterSignInDetail;
}

export type WidgetEventMap = { [K in keyof WidgetEventDetails]: CustomEvent<WidgetEventDetails[K]> };
// GlobalEventHandlersEventMap is generated from the custom-elements manifest, which must list
// exactly these events: widget/element-types.generated.ts.

/**
 * Dispatches a widget event from `target` (normally the custom element host).
 * Returns false when a listener called preventDefault(), i.e. the host takes over the default action.
 */
export function emit<K extends keyof WidgetEventDetails>(
  target: EventTarget,
  name: K,
  detail: WidgetEventDetails[K],
  options: { cancelable?: boolean } = {},
): boolean {
  const event = new CustomEvent(name, {
    detail,
    bubbles: true,
    composed: true,
    cancelable: options.cancelable ?? false,
  });
  return target.dispatchEvent(event);
}
