// ::slotted() styles for the light-DOM credential inputs (light-dom-credentials.tsx): the same look
// as the shadow .sso-input. A file of its own: the first paint (first-paint-styles.ts) reads it
// before React is loaded.
export const lightCredentialStyles = /* css */ `
::slotted(input.sso-input) {
  box-sizing: border-box; width: 100%; min-height: 40px; padding: 0 12px; margin: 0;
  border-radius: var(--sso-radius); border: 1px solid var(--sso-color-border);
  font: inherit; color: var(--sso-color-text); background: #fff;
}
::slotted(input.sso-input[aria-invalid="true"]) { border-color: var(--sso-color-error); }
::slotted(input.sso-input:focus-visible) {
  outline: 2px solid var(--sso-color-primary); outline-offset: 2px; box-shadow: var(--sso-focus-ring);
}
`;
