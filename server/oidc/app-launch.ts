// App cards through OpenID Connect third-party initiated login (Core 1.0 section 4): a card tied
// to a client opens the client's registered initiate_login_uri with iss=<issuer> and
// target_link_uri=<the card's own address>; the app then starts its own code flow, and a person
// signed in at the portal arrives signed in with no prompt. The link is made only of registered
// data (the client's URI, the issuer, the card's stored address), never of anything in the
// request, so it cannot be turned into an open redirect.
import type { AppGroups, SignInLink } from '../records/app-card-rules.ts';
import type { Apps } from '../registered-apps.ts';

/** The card's stored address as target_link_uri: only an absolute http(s) URL (the app checks it). */
function targetLink(autoLoginUrl: string): string | null {
  try {
    const url = new URL(autoLoginUrl.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export function initiateLoginUrl(initiateLoginUri: string, issuer: string, target: string | null): string {
  const url = new URL(initiateLoginUri);
  url.searchParams.set('iss', issuer);
  if (target) url.searchParams.set('target_link_uri', target);
  return url.href;
}

/** Sign-in links for the catalog (catalog/app-links.ts), from the clients as registered right now. */
export function appSignInLinks(registry: Apps, issuer: () => string): SignInLink {
  return (app) => {
    const client = app.oidcClientId ? registry.get('oidc', app.oidcClientId) : undefined;
    if (!client?.initiateLoginUri) return null;
    return initiateLoginUrl(client.initiateLoginUri, issuer(), targetLink(app.autoLoginUrl));
  };
}

/**
 * Who sees a card tied to a client: the groups the client requires, for the one per-group rule
 * (catalog/group-access.ts) the catalog applies (app-links.ts) and the authorization endpoint
 * applies too (mayUseById in catalog/app-registry.ts), so the app centre never lists a card that would end in
 * access_denied. A card of an unknown or removed client is a plain link, shown as before.
 */
export function appGroups(registry: Apps): AppGroups {
  return (app) => (app.oidcClientId ? registry.get('oidc', app.oidcClientId)?.groups : undefined);
}
