// Styles of <sso-login>; themed through --sso-* custom properties and ::part.
export const ssoLoginStyles = `
:host {
  --sso-login-min-height: 100vh;
  --sso-box-width: 380px;
  --sso-default-background: linear-gradient(135deg, #0b1f4d 0%, #1f5eff 55%, #6ea8ff 100%);
  position: relative;
  min-height: var(--sso-login-min-height);
}
.sso-login { position: relative; min-height: var(--sso-login-min-height); overflow: hidden; }
.sso-carousel { position: absolute; inset: 0; z-index: 0; }
.sso-carousel__default {
  position: absolute; inset: 0; background: var(--sso-default-background);
}
.sso-carousel__default::after {
  content: ""; position: absolute; inset: 0; opacity: 0.18;
  background-image: radial-gradient(circle at 1px 1px, #ffffff 1px, transparent 0);
  background-size: 24px 24px;
}
.sso-carousel__image {
  position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover;
  opacity: 0; transition: opacity 0.6s ease;
}
.sso-carousel__image.is-active { opacity: 1; }
.sso-carousel__control {
  position: absolute; right: 12px; top: 12px; z-index: 2; min-width: 40px; min-height: 40px;
  border: 1px solid rgba(255, 255, 255, 0.7); border-radius: 50%; background: rgba(17, 24, 39, 0.6);
  color: #ffffff; font: inherit; font-size: 13px; cursor: pointer;
}
.sso-carousel__control:hover { background: rgba(17, 24, 39, 0.8); }
@media (prefers-reduced-motion: reduce) {
  .sso-carousel__image { transition: none; }
}
.sso-login__layout {
  position: relative; z-index: 1; min-height: var(--sso-login-min-height);
  display: flex; align-items: center; justify-content: space-around; gap: 32px; padding: 32px 24px;
  flex-wrap: wrap;
}
.sso-brand { color: #ffffff; max-width: min(460px, 100%); min-width: 0; text-shadow: 0 1px 3px rgba(0, 0, 0, 0.45); }
.sso-brand__title, .sso-brand__subtitle, .sso-box__title { overflow-wrap: anywhere; }
.sso-brand__logo { width: 64px; height: 64px; }
.sso-brand__title { margin: 16px 0 8px; font-size: 32px; line-height: 1.25; }
.sso-brand__subtitle { margin: 0 0 16px; font-size: 18px; }
.sso-brand__slogans { margin: 0; padding-left: 20px; font-size: 16px; }
.sso-brand--pending { width: min(360px, 100%); }
.sso-brand--pending .sso-skeleton { opacity: 0.35; }
.sso-brand__skeleton-title { height: 32px; width: 80%; margin: 16px 0 12px; }
.sso-brand__skeleton-line { height: 18px; width: 60%; }
.sso-box {
  width: min(var(--sso-box-width), 100%); background: var(--sso-color-surface); border-radius: 12px;
  box-shadow: var(--sso-shadow); padding: 24px 28px 16px;
}
.sso-box__header { display: flex; align-items: flex-start; justify-content: space-between; gap: 12px; margin-bottom: 16px; }
.sso-box__title { margin: 0; font-size: 20px; }
.sso-box__toggle {
  border: 0; background: none; color: var(--sso-color-primary); cursor: pointer; padding: 4px;
  border-radius: var(--sso-radius); min-width: 40px; min-height: 40px;
}
.sso-box__links { display: flex; justify-content: space-between; margin-top: 8px; }
.sso-qr-tabs { display: flex; gap: 8px; margin-bottom: 12px; }
.sso-qr-tabs__tab { flex: 1; }
.sso-qr-tabs__tab[aria-pressed="true"] { border-color: var(--sso-color-primary); color: var(--sso-color-primary); font-weight: 600; }
.sso-qr { min-height: 200px; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 12px; }
.sso-qr__status { margin: 0; color: var(--sso-color-muted); text-align: center; }
.sso-qr__failed .sso-qr__status { color: var(--sso-color-error); }
.sso-qr__fallback { display: flex; gap: 8px; justify-content: center; margin-top: 12px; }
.sso-qr__frame { display: flex; justify-content: center; }
.sso-logout, .sso-redirect { display: flex; flex-direction: column; gap: 16px; align-items: stretch; }
.sso-logout__text, .sso-redirect__text { margin: 0; display: flex; align-items: center; gap: 8px; }
.sso-redirect__text--error { color: var(--sso-color-error); }
.sso-footer { margin-top: 16px; border-top: 1px solid var(--sso-color-border); padding-top: 10px; font-size: 12px; color: var(--sso-color-muted); }
.sso-footer p { margin: 4px 0; }
.sso-footer a { color: var(--sso-color-muted); white-space: nowrap; }
.sso-send-code { white-space: nowrap; min-width: 120px; }
.sso-change-password .sso-field { margin-bottom: 10px; }
.sso-form-error { margin: 0 0 8px; color: var(--sso-color-error); font-size: 14px; }
.sso-form-error[data-empty="true"] { display: none; }
.sso-form__aside { display: flex; justify-content: flex-end; margin: -8px 0 8px; }
.sso-passkey-button { margin-right: auto; }
.sso-app-login { margin-bottom: 16px; }
.sso-hint { margin: 0 0 12px; font-size: 13px; color: var(--sso-color-muted); }
.sso-dialog__explain { margin: 0 0 12px; font-size: 14px; line-height: 1.6; color: var(--sso-color-text); }
@media (max-width: 720px) {
  .sso-login__layout { flex-direction: column; justify-content: flex-start; }
  .sso-brand__title { font-size: 24px; }
}
`;
