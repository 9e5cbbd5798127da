// The callBack of a sign-in that leaves the page for a WeCom / Feishu QR login. The messenger sends
// the browser back to the group's fixed redirect_uri, which cannot carry it; an OpenID Connect flow
// (callBack=/oidc/interaction/<uid>, docs/oidc.md) would then end on /home instead of finishing.
// So it is kept in this tab's sessionStorage next to the OAuth state (oauth-state.ts, same origin
// rule), taken once on the return, and checked again there by the one redirect rule: storage is
// only as trustworthy as the page's origin, and the value is never followed unchecked.
import type { OAuthProvider } from './oauth-state.ts';

const KEY_PREFIX = 'sso-login:qr-return-callback:';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage blocked: the return then goes to /home, as without a callBack.
    return null;
  }
}

/** Remembers `callBack` (or forgets an older one) for the return from `provider`'s QR login. */
export function keepCallBackForReturn(provider: OAuthProvider, callBack: string | null): void {
  try {
    if (callBack) storage()?.setItem(KEY_PREFIX + provider, callBack);
    else storage()?.removeItem(KEY_PREFIX + provider);
  } catch {
    // Quota or blocked storage: same as above.
  }
}

/** The callBack kept for `provider`'s return, removed by this call (a return uses it once). */
export function takeKeptCallBack(provider: OAuthProvider): string | null {
  const store = storage();
  const kept = store?.getItem(KEY_PREFIX + provider) ?? null;
  store?.removeItem(KEY_PREFIX + provider);
  return kept;
}
