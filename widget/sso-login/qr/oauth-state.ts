// The OAuth `state` of a WeCom / Feishu QR login (login CSRF defence). A random value is made when
// the QR code is shown and kept in this tab's sessionStorage; the messenger hands it back on the
// return URL (?code=...&state=...). A return URL whose state this tab did not make (a link an
// attacker built around their own code) is refused before any call, so nobody can be signed in
// to someone else's account that way. The QR code and the return URL must be on the same origin
// (the group's redirect_uri, normally the SSO portal): sessionStorage is per origin.
export type OAuthProvider = 'wecom' | 'feishu';

const KEY_PREFIX = 'sso-login:oauth-state:';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked (sandboxed frame, privacy settings): the return is then refused, safely.
    return null;
  }
}

/** Makes a fresh state for `provider`, remembers it for this tab, and returns it for the QR config. */
export function createOAuthState(provider: OAuthProvider): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const state = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  try {
    storage()?.setItem(KEY_PREFIX + provider, state);
  } catch {
    // Quota or blocked storage: same as above.
  }
  return state;
}

/**
 * True when `returned` is the state this tab made for `provider`. The stored state is used up by
 * the check either way: a return URL works once.
 */
export function takeMatchingOAuthState(provider: OAuthProvider, returned: string | null): boolean {
  const store = storage();
  const expected = store?.getItem(KEY_PREFIX + provider) ?? null;
  store?.removeItem(KEY_PREFIX + provider);
  return expected !== null && expected !== '' && returned !== null && returned === expected;
}
