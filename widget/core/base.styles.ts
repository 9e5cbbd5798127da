// The shared base sheet of both elements: --sso-* tokens, focus ring, buttons, inputs, dialogs,
// toasts, skeleton. Adopted as a constructable stylesheet (no <style>, no inline styles).
// Comments stay out of the sheet: its text ships as it is.
//
// Phones (the widget's phone width, sso-login/qr/phone-layout.ts): one full-width column of toasts that
// covers no control the user needs then (issue 15). By default at the top, under the safe area: on
// the login page that is the brand panel, above the box. An element whose top holds controls
// (<app-center>'s bar with the avatar) moves them to the bottom with --sso-phone-toast-top /
// --sso-phone-toast-bottom; an embedding page may set them too. A server message may hold a long
// unbroken URL or token: dialogs and toasts break it anywhere rather than run off a 320 px phone.
export const baseStyles = `
:host {
  --sso-color-primary: #1f5eff;
  --sso-color-primary-hover: #1348d4;
  --sso-color-on-primary: #ffffff;
  --sso-color-text: #1d2330;
  --sso-color-muted: #5b6475;
  --sso-color-border: #c9cfdb;
  --sso-color-surface: #ffffff;
  --sso-color-backdrop: rgba(17, 24, 39, 0.45);
  --sso-color-info: #1f5eff;
  --sso-color-success: #157f3b;
  --sso-color-warning: #a15c00;
  --sso-color-error: #c62828;
  --sso-focus-ring: 0 0 0 3px rgba(31, 94, 255, 0.55);
  --sso-radius: 6px;
  --sso-font: system-ui, -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif;
  --sso-shadow: 0 12px 32px rgba(17, 24, 39, 0.18);
  display: block;
  font-family: var(--sso-font);
  color: var(--sso-color-text);
  font-size: 14px;
  line-height: 1.5;
}
*, *::before, *::after { box-sizing: border-box; }
[hidden] { display: none !important; }
:focus-visible { outline: 2px solid var(--sso-color-primary); outline-offset: 2px; box-shadow: var(--sso-focus-ring); }
.sso-visually-hidden {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.sso-button {
  display: inline-flex; align-items: center; justify-content: center; gap: 6px;
  min-height: 40px; padding: 0 16px; border-radius: var(--sso-radius);
  border: 1px solid var(--sso-color-border); background: var(--sso-color-surface);
  color: var(--sso-color-text); font: inherit; cursor: pointer;
}
.sso-button--primary { background: var(--sso-color-primary); border-color: var(--sso-color-primary); color: var(--sso-color-on-primary); }
.sso-button--primary:hover:not(:disabled):not([aria-disabled="true"]) { background: var(--sso-color-primary-hover); }
.sso-button--block { width: 100%; }
.sso-button--link { border: 0; background: none; color: var(--sso-color-primary); padding: 0 4px; min-height: 32px; }
.sso-button:disabled, .sso-button[aria-disabled="true"], .sso-button[aria-busy="true"] { opacity: 0.65; cursor: not-allowed; }
.sso-spinner {
  width: 14px; height: 14px; border-radius: 50%; border: 2px solid currentColor; border-right-color: transparent;
  animation: sso-spin 0.8s linear infinite;
}
@keyframes sso-spin { to { transform: rotate(360deg); } }
.sso-field { display: flex; flex-direction: column; gap: 4px; margin-bottom: 14px; }
.sso-label { font-weight: 600; color: var(--sso-color-text); }
.sso-input {
  min-height: 40px; padding: 0 12px; border-radius: var(--sso-radius);
  border: 1px solid var(--sso-color-border); font: inherit; color: var(--sso-color-text); background: #fff;
}
.sso-input[aria-invalid="true"] { border-color: var(--sso-color-error); }
.sso-field-error { color: var(--sso-color-error); font-size: 13px; margin: 0; }
.sso-inline { display: flex; gap: 8px; }
.sso-inline > .sso-input { flex: 1; min-width: 0; }
.sso-toasts {
  position: fixed; top: 16px; left: 50%; transform: translateX(-50%); z-index: 2147483000;
  display: flex; flex-direction: column; gap: 8px; align-items: center; pointer-events: none;
}
.sso-toast {
  pointer-events: auto; display: flex; align-items: center; gap: 12px; min-width: 240px; max-width: 90vw;
  padding: 10px 12px 10px 16px; border-radius: var(--sso-radius); background: var(--sso-color-surface);
  box-shadow: var(--sso-shadow); border-left: 4px solid var(--sso-color-info);
}
.sso-toast--success { border-left-color: var(--sso-color-success); }
.sso-toast--warning { border-left-color: var(--sso-color-warning); }
.sso-toast--error { border-left-color: var(--sso-color-error); }
.sso-toast__text { flex: 1; min-width: 0; overflow-wrap: anywhere; }
.sso-toast__close { border: 0; background: none; font: inherit; font-size: 18px; cursor: pointer; color: var(--sso-color-muted); min-width: 24px; min-height: 24px; }
@media (max-width: 599.98px) {
  .sso-toasts {
    top: var(--sso-phone-toast-top, calc(8px + env(safe-area-inset-top, 0px)));
    bottom: var(--sso-phone-toast-bottom, auto);
    left: 8px; right: 8px; transform: none; align-items: stretch;
  }
  .sso-toast { min-width: 0; max-width: none; }
}
.sso-dialog {
  border: 0; border-radius: calc(var(--sso-radius) * 1.5); padding: 20px 24px; width: min(420px, 92vw);
  box-shadow: var(--sso-shadow); color: var(--sso-color-text); background: var(--sso-color-surface);
  overflow-wrap: anywhere;
}
.sso-dialog::backdrop { background: var(--sso-color-backdrop); }
.sso-dialog__title { margin: 0 0 8px; font-size: 16px; display: flex; align-items: center; gap: 8px; }
.sso-dialog__icon {
  display: inline-flex; width: 20px; height: 20px; border-radius: 50%; align-items: center; justify-content: center;
  background: var(--sso-color-warning); color: #fff; font-size: 13px; font-weight: 700;
}
.sso-dialog__text { margin: 0 0 16px; }
.sso-dialog__actions { display: flex; justify-content: flex-end; gap: 8px; }
.sso-skeleton {
  border-radius: var(--sso-radius);
  background: linear-gradient(90deg, #eceff4 25%, #f6f7fa 50%, #eceff4 75%);
  background-size: 200% 100%; animation: sso-shimmer 1.2s ease-in-out infinite;
}
@keyframes sso-shimmer { from { background-position: 200% 0; } to { background-position: -200% 0; } }
@media (prefers-reduced-motion: reduce) {
  .sso-spinner, .sso-skeleton { animation: none; }
}
`;
