// A person's own account (issue 21, the /account page): the second factor and its recovery codes.
// Every call needs the portal session (AU00300 without one).
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint.ts';
import { NoQuery, strict } from './fields.ts';
import { OtpCode, RecoveryCode, type TotpEnrolment } from './mfa.ts';

export interface SecurityState {
  /** An authenticator app is set up (a confirmed TOTP factor). */
  totpEnabled: boolean;
  /** Unused recovery codes left. */
  recoveryCodesLeft: number;
  /** A group of the account requires a second factor (it cannot sign in without one). */
  mfaRequired: boolean;
}

export const accountSecurity = endpoint<SecurityState>()({ method: 'GET', path: '/account/security', query: NoQuery });

export const startTotpEnrolment = endpoint<TotpEnrolment>()({
  method: 'POST',
  path: '/account/totp/start',
  body: Type.Object({}, strict),
});

export const confirmTotpEnrolment = endpoint<{ recoveryCodes: string[] }>()({
  method: 'POST',
  path: '/account/totp/confirm',
  body: Type.Object({ code: OtpCode }, strict),
});
export type ConfirmTotpBody = Static<typeof confirmTotpEnrolment.body>;

/** Proof for removing the factor or renewing the recovery codes: a current code or a recovery code. */
const proof = Type.Object({ code: Type.Optional(OtpCode), recoveryCode: Type.Optional(RecoveryCode) }, strict);
export type SecondFactorProof = Static<typeof proof>;

export const removeTotp = endpoint<null>()({ method: 'POST', path: '/account/totp/remove', body: proof });
export const renewRecoveryCodes = endpoint<{ recoveryCodes: string[] }>()({ method: 'POST', path: '/account/recovery-codes', body: proof });
