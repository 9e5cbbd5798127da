// What the id of an app may be, whatever registers it: an app card, an OIDC client, a CAS service
// or a SAML SP (the console's forms, the server's checks, the import file and the CLI).
export const APP_ID_PATTERN_SOURCE = '^[A-Za-z0-9._-]{1,64}$';

export const APP_ID_PATTERN = new RegExp(APP_ID_PATTERN_SOURCE);
