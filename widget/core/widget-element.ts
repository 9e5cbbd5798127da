// What both elements have in common, as documentation: the shared attributes, the theming tokens
// of the base sheet (core/base.styles.ts) and the notice layer's parts (core/notice-layer.tsx).
// A declaration only (no code is emitted): the elements themselves are made by r2wc in
// core/define-element.ts, which the custom-elements analyzer cannot read. The element
// declarations (sso-login/sso-login.element.ts, app-center/app-center.element.ts) extend it, so the
// generated custom-elements.json lists these members on both tags.

/**
 * Shared by `<sso-login>` and `<app-center>`.
 *
 * @csspart notices - The notice layer: toasts and system-prompt dialogs.
 * @csspart toast - One toast (info, success, warning, error; gone after 3 s).
 * @csspart dialog - A system-prompt dialog (系统提示: alert, confirm, prompt).
 *
 * @cssprop --sso-color-primary - Accent colour: primary buttons, links, focus outline. Default #1f5eff.
 * @cssprop --sso-color-primary-hover - Primary button under the pointer. Default #1348d4.
 * @cssprop --sso-color-on-primary - Text on the accent colour. Default #ffffff.
 * @cssprop --sso-color-text - Text colour. Default #1d2330.
 * @cssprop --sso-color-muted - Secondary text. Default #5b6475.
 * @cssprop --sso-color-border - Borders of inputs, buttons and cards. Default #c9cfdb.
 * @cssprop --sso-color-surface - Background of cards, panels, toasts and dialogs. Default #ffffff.
 * @cssprop --sso-color-backdrop - Backdrop behind a dialog. Default rgba(17, 24, 39, 0.45).
 * @cssprop --sso-color-info - Edge of an info toast. Default #1f5eff.
 * @cssprop --sso-color-success - Edge of a success toast. Default #157f3b.
 * @cssprop --sso-color-warning - Edge of a warning toast, the confirm dialog's mark. Default #a15c00.
 * @cssprop --sso-color-error - Error texts, invalid inputs, error toasts. Default #c62828.
 * @cssprop --sso-focus-ring - Box shadow of the keyboard focus ring. Default 0 0 0 3px rgba(31, 94, 255, 0.55).
 * @cssprop --sso-radius - Corner radius of controls. Default 6px.
 * @cssprop --sso-font - Font family. Default system-ui with PingFang SC / Microsoft YaHei.
 * @cssprop --sso-shadow - Shadow of the login box, toasts and dialogs. Default 0 12px 32px rgba(17, 24, 39, 0.18).
 * @cssprop --sso-phone-toast-top - On phones (below 600 px), where the toasts start from the top. Default 8px under the safe area; <app-center> auto.
 * @cssprop --sso-phone-toast-bottom - On phones, where the toasts start from the bottom. Default auto; <app-center> 12px above the safe area.
 */
export declare class SsoWidgetElement extends HTMLElement {
  /**
   * Base path or URL of the SSO API. Default /api, or <script origin>/api when the widget script
   * came from another origin. Relative images and (in `<sso-login>`) a relative callBack are
   * resolved against it.
   * @attr api-base
   */
  apiBase?: string;

  /**
   * Host name the server picks the client group (brand, apps) by. Default the page's
   * location.hostname.
   * @attr sso-domain
   */
  ssoDomain?: string;

  /**
   * Brand code overriding the look of the client group: default, ka, keyaccount, operation,
   * yingfeng, icar, exeed.
   * @attr brand
   */
  brand?: string;
}
