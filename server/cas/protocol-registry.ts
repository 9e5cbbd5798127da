// The CAS services and SAML service providers (protocol_clients) as the one app registry
// (catalog/app-registry.ts) reads them: every change bumps their version in meta
// (protocol-client-store.ts), which every running server polls with the OpenID Connect clients'
// (config.oidcClientCheckMs), so a change reaches running servers within seconds, without a restart.
// CAS finds a service by its most specific pattern (service-patterns.ts), SAML a provider by its
// id or its entity ID (saml-plugin.ts), both among the registry's apps of their protocol.
import type { AppEntry, AppSource } from '../app-source.ts';
import type { ProtocolClient, ProtocolClientStore } from './protocol-client-store.ts';

/** The apps as the registry's 'cas' and 'saml' apps, by id. */
export function protocolAppSource(store: Pick<ProtocolClientStore, 'list' | 'version'>): AppSource<AppEntry<{ cas: ProtocolClient; saml: ProtocolClient }>> {
  return {
    version: () => store.version(),
    async list() {
      return (await store.list()).map((client) => ({ protocol: client.protocol, id: client.id, app: client }));
    },
  };
}
