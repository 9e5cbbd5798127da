// Build-time constants, defined by the builds from SSO_ENC_KEY / SSO_SIGN_SECRET (build-defines.ts);
// without them the development defaults apply. Both are shared with the server by design of the
// spec (a fixed symmetric key) and compiled into a public script: obfuscation, not secrets.
import { DEV_ENC_KEY, DEV_SIGN_SECRET } from '../../contract/development-defaults.ts';

declare const __SSO_ENC_KEY__: string | undefined;
declare const __SSO_SIGN_SECRET__: string | undefined;

export const ENC_KEY: string = typeof __SSO_ENC_KEY__ === 'string' ? __SSO_ENC_KEY__ : DEV_ENC_KEY;
export const SIGN_SECRET: string =
  typeof __SSO_SIGN_SECRET__ === 'string' ? __SSO_SIGN_SECRET__ : DEV_SIGN_SECRET;

/** Spec section 7: every request gives up after 50 s. */
export const REQUEST_TIMEOUT_MS = 50_000;
/** Spec section 9: toasts stay 3000 ms. */
export const TOAST_DURATION_MS = 3000;
