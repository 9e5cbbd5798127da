// The OpenID Connect clients as the one app registry (catalog/app-registry.ts) reads them: every
// change bumps a version (client-store.sql.ts), every running server polls it with the CAS services
// and SAML providers (config.oidcClientCheckMs, every two seconds by default), so a change takes
// effect within five seconds without restart. oidc-provider's adapter looks a client up by its
// client_id (provider.ts, `registry.find('oidc', id)`).
import type { AppEntry, AppSource } from '../app-source.ts';
import type { ClientStore, StoredClient } from './client-store.ts';
import { providerSecret } from './client-secrets.ts';
import { APP_ID_PATTERN } from '../../contract/rules/app-id.ts';

export type { RegisteredClient } from './client-store.ts';

/** What a client id may be (add-client, the import's clients, and the oidcClient of an app card). */
export const CLIENT_ID_PATTERN = APP_ID_PATTERN;

/** What the registry reads of the client store. */
export type ClientSource = Pick<ClientStore, 'list' | 'version'>;

/** The clients as the registry's 'oidc' apps, by client_id. */
export function oidcClientSource(store: ClientSource): AppSource<AppEntry<{ oidc: StoredClient }>> {
  return {
    version: () => store.version(),
    async list() {
      // A disabled client is unknown to the provider: its sign-ins, codes and tokens are refused.
      const clients = (await store.list()).filter((c) => !c.disabled);
      return clients.map((client) => ({ protocol: 'oidc', id: client.clientId, app: client }));
    },
  };
}

const formTargets = new WeakMap<readonly StoredClient[], string[]>();

/**
 * The origins of every registered redirect and post-logout URI: where the provider's forms may end.
 * `clients`: the registry's 'oidc' apps, the same array until they change, so this is worked out
 * once per change.
 */
export function formTargetOrigins(clients: readonly StoredClient[]): string[] {
  let origins = formTargets.get(clients);
  if (!origins) {
    const found = new Set<string>();
    for (const client of clients) {
      for (const uri of [...client.redirectUris, ...client.postLogoutRedirectUris]) {
        const origin = URL.parse(uri)?.origin;
        if (origin && origin !== 'null') found.add(origin);
      }
    }
    origins = [...found].sort();
    formTargets.set(clients, origins);
  }
  return origins;
}

/** The client as oidc-provider's metadata. Both secret methods are accepted (oidc-provider 9.13+). */
export function providerMetadata(client: StoredClient): Record<string, unknown> {
  return {
    client_id: client.clientId,
    ...(client.secretHash
      ? { client_secret: providerSecret(client.secretHash, client.previousSecretHash, client.previousSecretUntil), token_endpoint_auth_method: 'client_secret_basic' }
      : { token_endpoint_auth_method: 'none' }),
    ...(client.name ? { client_name: client.name } : {}),
    // The scopes it may ask for: oidc-provider answers invalid_scope to any other known one.
    scope: client.scopes.join(' '),
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: client.redirectUris,
    post_logout_redirect_uris: client.postLogoutRedirectUris,
    ...(client.backchannelLogoutUri ? { backchannel_logout_uri: client.backchannelLogoutUri, backchannel_logout_session_required: true } : {}),
  };
}
