// The widget library: one script that defines <sso-login> and <app-center> (each skipped when the
// page already has it, so loading the script twice is harmless). <app-center> comes in a chunk of its
// own, fetched when a page has one (app-center/define-when-needed.ts). Brand sites load
// /widget/sso-widget.js (ES module) or /widget/sso-widget.iife.js (classic script).
//
// The entry is a small loader: it draws the password form of every <sso-login> without React (the
// first paint, sso-login/first-paint/first-paint.ts), then, after the frame that shows it, imports
// the React part that defines the element and takes the form over. React, react-dom, r2wc and
// nanostores are no static import of this file: the form is there, and takes typing, before they
// have arrived and run (docs/performance.md, "The first paint before React"). The first paint's static imports include core/script-origin.ts, so
// the script's own URL (api-base's default) is still read while this script first runs.
import { startFirstPaint } from './sso-login/first-paint/first-paint.ts';
import './app-center/define-when-needed.ts';

startFirstPaint();
startReactPartAfterFirstFrame();

/**
 * Imports the React part once the first paint has had its frame. Imported at once, the React part
 * (fetched in a few ms on a near server) ran its 60-odd ms of evaluation before the browser's next
 * frame, so the form drawn above reached the screen only after it (the bench's brand page: 66 ms of
 * long tasks before the form, docs/performance.md). After the frame's callbacks a task runs it; a
 * hidden tab has no frames, so a timer starts it there.
 */
function startReactPartAfterFirstFrame(): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    void import('./sso-login/define.ts');
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 100);
}

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
