// App cards of CAS services and SAML service providers (the card's oidcClient names the app):
// a CAS card opens <public URL>/cas/login?service=<its address> (the card's autoLoginUrl when a
// registered pattern matches it, else the service's first exact URL), so a signed-in person
// arrives at the app with a ticket; a SAML card opens IdP-initiated SSO for the provider. Both
// links are made from registered data only. A card is listed only to accounts the app's --group
// lets in, the rule the sign-in itself applies.
import type { AppGroups, SignInLink } from '../records/app-card-rules.ts';
import type { Apps } from '../registered-apps.ts';
import { matchesPattern } from './service-patterns.ts';

/** The card's app among the CAS services and SAML providers (their ids are one namespace, protocol_clients). */
const protocolAppOf = (registry: Apps, id: string | null | undefined) => (id ? registry.get('cas', id) ?? registry.get('saml', id) : undefined);

export function protocolSignInLinks(registry: Apps, baseUrl: () => string): SignInLink {
  return (app) => {
    const client = protocolAppOf(registry, app.oidcClientId);
    if (!client) return null;
    if (client.protocol === 'saml') return `${baseUrl()}/saml/sso/initiate?sp=${encodeURIComponent(client.id)}`;
    const patterns = client.cas?.services ?? [];
    const service = patterns.some((p) => matchesPattern(p, app.autoLoginUrl)) ? app.autoLoginUrl : patterns.find((p) => !p.endsWith('*'));
    return service ? `${baseUrl()}/cas/login?service=${encodeURIComponent(service)}` : null;
  };
}

/** The groups a card's CAS service or SAML provider requires, for the one per-group rule (catalog/group-access.ts). */
export function protocolAppGroups(registry: Apps): AppGroups {
  return (app) => protocolAppOf(registry, app.oidcClientId)?.groups;
}
