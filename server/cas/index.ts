// The CAS 3.0 server and the registry of CAS and SAML apps it shares with saml/: what other rooms use of it.
export { casPage } from './cas-pages.ts';
export type { CasParts } from './cas-plugin.ts';
export { portalLoginPage } from './protocol-login-page.ts';
export { checkProtocolAppBasics, removeProtocolAppByAdmin, saveCasServiceByAdmin, saveProtocolApp } from './protocol-admin.ts';
export { protocolAppGroups, protocolSignInLinks } from './protocol-app-links.ts';
export { PROTOCOL_CLI_OPTIONS, PROTOCOL_USAGE, ProtocolUsageError, commonAddClientFlags, flagText, runProtocolCommand } from './protocol-cli.ts';
export type { ProtocolFlags } from './protocol-cli.ts';
export type { ProtocolClient, SamlSettings } from './protocol-client-store.ts';
export { protocolAppSource } from './protocol-registry.ts';
