// The widget library: one script that defines <sso-login> and <app-center> (each skipped when the
// page already has it, so loading the script twice is harmless). <app-center> comes in a chunk of its
// own, fetched when a page has one (app-center/define-when-needed.ts). Brand sites load
// /widget/sso-widget.js (ES module) or /widget/sso-widget.iife.js (classic script).
import './sso-login/define.ts';
import './app-center/define-when-needed.ts';

export { WIDGET_VERSION } from './core/version.ts';
export type {
  AppCenterExitDetail,
  AppCenterSignInDetail,
  AppCenterOpenDetail,
  SsoLoginErrorDetail,
  SsoLoginSuccessDetail,
  SsoLoginViewChangeDetail,
  WidgetEventDetails,
  WidgetEventMap,
} from './core/events.ts';
// HTMLElementTagNameMap and GlobalEventHandlersEventMap for both tags and their events.
export type { AppCenterElement, SsoLoginElement } from './element-types.generated.ts';
