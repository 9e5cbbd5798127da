// The SAML 2.0 identity provider: what other rooms use of it.
export { saveSamlSpByAdmin } from './saml-admin.ts';
export { SAML_CLI_OPTIONS, SAML_USAGE, runSamlCommand } from './saml-cli.ts';
export { describeSpMetadata } from './saml-metadata.ts';
export { registerSaml } from './saml-plugin.ts';
export { SpMetadataError, fetchCheckedSpMetadata } from './saml-metadata.ts';
