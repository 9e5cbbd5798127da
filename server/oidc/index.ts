// The OpenID Connect provider (clients, records, interactions, single logout, acr): what other rooms use of it.
export { AccountGrants } from './account-grants.ts';
export { appGroups, appSignInLinks } from './app-launch.ts';
export { removeClientByAdmin, requireClient, rotateClientSecret, rotateSigningKey, saveClientByAdmin, setClientDisabled } from './client-admin.ts';
export { CLIENT_ID_PATTERN, oidcClientSource } from './client-registry.ts';
export type { StoredClient } from './client-store.ts';
export { ImportClientsError, checkImportClients, importClients } from './import-clients.ts';
export type { ImportClient } from './import-clients.ts';
export { OIDC_CLI_OPTIONS, OIDC_USAGE, OidcUsageError, runOidcCommand } from './oidc-cli.ts';
export type { OidcStorage } from './oidc-record-store.ts';
export { amrOf } from './sign-in-amr.ts';
export { backchannelAddressCheck } from './backchannel-guard.ts';
