// Authentication context class references (OpenID Connect acr / acr_values, issue 21). Two levels:
// one factor, and two (a password with an authenticator code or a recovery code, the amr `mfa`).
// A client that sends acr_values=urn:sso:loa:2fa gets a code only for a two-factor sign-in: a
// one-factor portal session signs in again (the password then asks for the code), and an account
// that has no second factor gets unmet_authentication_requirements instead of a code.
import { OidcMessages } from '../../contract/errors.ts';

export const ACR_ONE_FACTOR = 'urn:sso:loa:1fa';
export const ACR_TWO_FACTORS = 'urn:sso:loa:2fa';
export const ACR_VALUES = [ACR_ONE_FACTOR, ACR_TWO_FACTORS];

/** The acr an ID token carries for a session signed in with these methods. */
export function acrOf(amr: readonly string[]): string {
  return amr.includes('mfa') ? ACR_TWO_FACTORS : ACR_ONE_FACTOR;
}

/** Whether the authorization request's acr_values ask for two factors (space-separated, by preference). */
export function wantsTwoFactors(acrValues: unknown): boolean {
  if (typeof acrValues !== 'string') return false;
  const values = acrValues.split(' ').filter(Boolean);
  // Any value that one factor satisfies lets a one-factor session through.
  return values.includes(ACR_TWO_FACTORS) && !values.includes(ACR_ONE_FACTOR);
}

export const UNMET_TWO_FACTORS = OidcMessages.unmetTwoFactors;
