// Build-time constants. vite.lib.config.ts may define __SSO_ENC_KEY__ and __SSO_SIGN_SECRET__;
// without them the contract's defaults apply (docs/api-contract.md). Both are shared with the
// server by design of the spec (a fixed symmetric key), so they are obfuscation, not secrets.
declare const __SSO_ENC_KEY__: string | undefined;
declare const __SSO_SIGN_SECRET__: string | undefined;

export const ENC_KEY: string = typeof __SSO_ENC_KEY__ === 'string' ? __SSO_ENC_KEY__ : 'SsoPortalEncKey1';
export const SIGN_SECRET: string =
  typeof __SSO_SIGN_SECRET__ === 'string' ? __SSO_SIGN_SECRET__ : 'SsoPortalSignSecret';

/** Spec section 7: every request gives up after 50 s. */
export const REQUEST_TIMEOUT_MS = 50_000;
/** Spec section 9: toasts stay 3000 ms. */
export const TOAST_DURATION_MS = 3000;
