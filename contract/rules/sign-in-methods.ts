// How an account signed in, as the sign-in audit records it: the portal's methods and the
// operator console's own sign-in. The console's audit filter and the server's audit share it.
// totp and recovery_code: a password followed by an authenticator code or a recovery code (issue 21).
// passkey: a WebAuthn passkey with user verification (issue 21).
export const SIGN_IN_METHODS = ['password', 'mobile', 'wecom', 'feishu', 'console', 'totp', 'recovery_code', 'passkey'] as const;

export type SignInMethodName = (typeof SIGN_IN_METHODS)[number];
