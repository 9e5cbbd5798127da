// The second step's own sheet, adopted into the element's shadow root when the view first shows
// (a constructable sheet: no <style> element, so a strict Content-Security-Policy allows it).
const CSS = `
.sso-links { display: flex; justify-content: center; margin-top: 8px; }
.sso-subtitle { margin: 0 0 8px; font-size: 16px; }
.sso-totp-qr { display: flex; justify-content: center; margin-bottom: 8px; }
.sso-totp-qr svg { width: 168px; height: 168px; }
.sso-totp-secret, .sso-recovery-codes code { font-family: ui-monospace, monospace; word-break: break-all; color: var(--sso-color-text); }
.sso-recovery-codes { display: grid; grid-template-columns: 1fr 1fr; gap: 4px 16px; margin: 0 0 16px; padding: 0; list-style: none; }
`;

let sheet: CSSStyleSheet | null = null;

export function adoptSecondFactorSheet(root: ShadowRoot | null | undefined): void {
  if (!root) return;
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}
