// What <sso-login> offers a page: attributes and properties, events, CSS parts, custom properties
// and slots. `npm run build:widget` reads this JSDoc with @custom-elements-manifest/analyzer into
// dist/widget/custom-elements.json and the HTMLElementTagNameMap / event map declarations
// (scripts/element-types.ts). A declaration only: the element is made by define.ts (r2wc), which is
// no class the analyzer can read. test/widget/custom-elements-manifest.test.ts checks this against
// what the built element really observes, renders and emits. The event detail types named in
// @fires are those of the typed event contract, core/events.ts.
import type { SsoWidgetElement } from '../core/widget-element.ts';

/**
 * The branded login page as one element: password, WeCom / Feishu QR, mobile (SMS), register and
 * 忘记密码 (reset by SMS) views, the logout view, and the external-redirect code login. Each attribute wins over the page
 * query parameter of the same meaning (spec section 2); attributes are read once, at the first
 * render.
 *
 * @tag sso-login
 *
 * @fires {CustomEvent<SsoLoginSuccessDetail>} sso-login-success - Signed in (password, SMS, code login, or a session that already existed on load). Cancelable: the element then goes to detail.redirect unless a listener calls preventDefault(). Bubbles, composed.
 * @fires {CustomEvent<SsoLoginErrorDetail>} sso-login-error - A sign-in, sign-out, register, change-password or password-reset call failed, or a code login lacked a parameter; detail.msg is the Chinese text shown to the user. Bubbles, composed.
 * @fires {CustomEvent<SsoLoginViewChangeDetail>} sso-login-view-change - The login box switched view: password, mobile, register, forgot (忘记密码), wecom, feishu, logout, redirect. Bubbles, composed.
 *
 * @csspart base - The whole element.
 * @csspart background - The background: the client group's images in turn, or the default background.
 * @csspart carousel-control - The background carousel's pause / play toggle (aria-pressed: paused), shown with two images or more; starts paused under prefers-reduced-motion.
 * @csspart brand - The brand panel: logo, title, subtitle and slogans.
 * @csspart box - The login box.
 * @csspart toggle - The corner button switching between QR and password login.
 * @csspart qr-panel - The WeCom or Feishu QR panel.
 * @csspart input - An input inside the shadow root (phone, SMS code). The username and password inputs are light-DOM children (see the sso-credential-* slots): style them with `sso-login > input`.
 * @csspart button - Every button of the forms (sign in, send code, register, sign out, dialog buttons).
 * @csspart send-code - The send-code button with its 60 s countdown (also part button).
 * @csspart footer - Copyright line, filing-record link and the dealer help line.
 * @csspart change-password - The change-password dialog after AU00153 / AU00154 (also part dialog).
 * @csspart form-error - The error of a form as a whole (wrong password, a locked account with its minutes, a refused password change), shown inside the form or dialog above its buttons; empty and hidden otherwise.
 *
 * @cssprop --sso-login-min-height - Minimum height of the element. Default 100vh.
 * @cssprop --sso-box-width - Width of the login box. Default 380px.
 * @cssprop --sso-default-background - Background when the group has no images or one fails. Default the group theme's gradient (backgroundFrom, primaryColor, backgroundTo). The theme also sets --sso-color-primary, --sso-color-primary-hover, --sso-color-info and --sso-focus-ring on the element (grey until the group config or the cached look is known); the page's own values win.
 *
 * @slot sso-credential-name - Filled by the element: the light-DOM username input of password login (password managers see it). Leave empty.
 * @slot sso-credential-pwd - Filled by the element: the light-DOM password input of password login. Leave empty.
 * @slot sso-credential-username - Filled by the element: the username input of the register view. Leave empty.
 * @slot sso-credential-password - Filled by the element: the password input of the register view. Leave empty.
 * @slot sso-credential-confirmPassword - Filled by the element: the confirmation input of the register view, the change-password dialog and the 忘记密码 view. Leave empty.
 * @slot sso-credential-oldPassword - Filled by the element: the current-password input of the change-password dialog. Leave empty.
 * @slot sso-credential-newPassword - Filled by the element: the new-password input of the change-password dialog and the 忘记密码 view. Leave empty.
 * @slot sso-first-paint - Filled by the library's entry: the password form drawn in the light DOM before the element's React part has arrived (its inputs are taken over at the first render, then the slot and the drawing go). Leave empty.
 * @slot qr-frame - Filled by the element: the light-DOM container the WeCom / Feishu SDK draws its QR frame into (the SDKs cannot see into a shadow root). Leave empty.
 */
export declare class SsoLoginElement extends SsoWidgetElement {
  /**
   * The spec's view parameter (query view): the platform the page is shown for, sent with every
   * sign-in. Default odin.
   * @attr view
   */
  view?: string;

  /**
   * Set and not 0: show the logout view, whose one button signs out (query is_signout). Loading it signs nobody out.
   * @attr is-signout
   */
  isSignout?: string;

  /**
   * Set and not 0: external-redirect mode, a code login with code and login-type (query
   * is_redirect_self).
   * @attr is-redirect-self
   */
  isRedirectSelf?: string;

  /**
   * Where to go after a code login (query callBack): an absolute URL of a registered origin, or a
   * path on the SSO origin (never under /api/).
   * @attr call-back
   */
  callBack?: string;

  /**
   * The messenger's authorization code of a code login (query code).
   * @attr code
   */
  code?: string;

  /**
   * wecom or feishu: the messenger of a code login (query login_type).
   * @attr login-type
   */
  loginType?: string;

  /**
   * Client id passed on to the code login (query clientId).
   * @attr client-id
   */
  clientId?: string;

  /**
   * Passed on to sign-out and sign-in (query from).
   * @attr from
   */
  from?: string;
}
