// The assertion's AuthnContextClassRef says how the portal session was signed into (issue 31), as
// an ID token's amr / acr do for OpenID Connect (oidc/sign-in-amr.ts, oidc/acr.ts): read from the
// same record of the session's sign-in method. An SP that asks for a class gets the truth, never
// PasswordProtectedTransport after a passkey or an authenticator code.
//   passkey (amr hwk)                 urn:rsa:names:tc:SAML:2.0:ac:classes:FIDO (the FIDO Alliance's class)
//   password + authenticator code     urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken
//   password + recovery code          https://refeds.org/profile/mfa (REFEDS MFA: two factors)
//   SMS code, WeCom / Feishu QR       urn:oasis:names:tc:SAML:2.0:ac:classes:MobileOneFactorContract
//   password                          urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport
export const AUTHN_CONTEXT = {
  passkey: 'urn:rsa:names:tc:SAML:2.0:ac:classes:FIDO',
  authenticatorCode: 'urn:oasis:names:tc:SAML:2.0:ac:classes:TimeSyncToken',
  twoFactors: 'https://refeds.org/profile/mfa',
  phone: 'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileOneFactorContract',
  password: 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
} as const;

/** The class for a session signed in with these Authentication Methods References. */
export function authnContextOf(amr: readonly string[]): string {
  if (amr.includes('hwk')) return AUTHN_CONTEXT.passkey;
  if (amr.includes('otp')) return AUTHN_CONTEXT.authenticatorCode;
  if (amr.includes('mfa')) return AUTHN_CONTEXT.twoFactors;
  if (amr.includes('sms') || amr.includes('mca')) return AUTHN_CONTEXT.phone;
  return AUTHN_CONTEXT.password;
}
