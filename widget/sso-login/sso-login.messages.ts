// Texts only the <sso-login> element shows that were written inline in its components. The texts
// the server and the request client share (errors, validation, dialogs) stay in core/messages.ts,
// which moves to contract/ with the server half of issue 14.
export const LOGIN_METHODS = '登录方式';

/** The register button while its request runs. */
export const registering = (label: string) => `${label}中…`;
