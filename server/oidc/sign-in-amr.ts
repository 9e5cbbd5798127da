// The ID token's `amr` (Authentication Methods References, RFC 8176) says how the portal session
// was signed into: a password is `pwd`, an SMS code `sms`. A WeCom or Feishu QR sign-in is
// confirmed in the messenger app on the user's phone, a second channel next to the browser, with
// no password: RFC 8176 names that `mca` (multiple-channel authentication); what the messenger
// itself asked of the user we do not know, so we claim no more. The method is remembered per
// portal session when it starts (SessionManager.onStart), in the provider's storage, so every
// instance finds it; a session started before this was kept counts as `pwd`, as it used to.
import type { SignInMethodName } from '../../contract/rules/sign-in-methods.ts';
import type { OidcStorage } from './oidc-record-store.ts';

export const PORTAL_SIGN_IN_MODEL = 'PortalSignIn';

// A console sign-in is a password too (it never starts a portal session, but the type is shared).
// A password with an authenticator code is `pwd` + `otp` + `mfa`; with a recovery code (a
// one-time secret the user printed, not a one-time-password device) `pwd` + `mfa` (server/mfa).
const AMR: Record<SignInMethodName, string[]> = {
  password: ['pwd'], mobile: ['sms'], wecom: ['mca'], feishu: ['mca'], console: ['pwd'],
  totp: ['pwd', 'otp', 'mfa'], recovery_code: ['pwd', 'mfa'],
  // A passkey: a key held in hardware (or a platform authenticator) plus the user verification the
  // authenticator did (required): two factors.
  passkey: ['hwk', 'user', 'mfa'],
};

export async function rememberSignIn(storage: OidcStorage, idHash: string, method: SignInMethodName, expiresAt: number): Promise<void> {
  await storage.upsert(PORTAL_SIGN_IN_MODEL, idHash, { amr: AMR[method] }, expiresAt, {});
}

export async function amrOf(storage: OidcStorage, idHash: string): Promise<string[]> {
  const record = await storage.find(PORTAL_SIGN_IN_MODEL, idHash);
  return Array.isArray(record?.amr) ? (record.amr as string[]) : ['pwd'];
}

export function forgetSignIn(storage: OidcStorage, idHash: string): Promise<void> {
  return storage.destroy(PORTAL_SIGN_IN_MODEL, idHash);
}
