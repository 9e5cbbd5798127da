// The type of the one registry of apps (catalog/app-registry.ts) with every protocol's apps: a file
// of its own, beside context.ts, so a protocol slice may name it without importing context.ts (as
// server/stores.ts does for the stores).
import type { AppRegistry } from './catalog/app-registry.ts';
import type { ProtocolClient } from './cas/protocol-client-store.ts';
import type { StoredClient } from './oidc/client-store.ts';

/** The apps of each protocol, as the registry keeps them (by client_id for OpenID Connect, by id for CAS and SAML). */
export interface RegisteredApps {
  oidc: StoredClient;
  cas: ProtocolClient;
  saml: ProtocolClient;
}

export type Apps = AppRegistry<RegisteredApps>;
