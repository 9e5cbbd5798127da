// The second step of a sign-in (issue 21): after the password, an account with a second factor
// sends a code from its authenticator app (or one of its recovery codes); an account whose group
// requires a second factor and has none enrols one here first. `challenge` is the one-time token
// the AU00170 refusal handed out (data: MfaStep); it lives five minutes.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint.ts';
import type { LoginAnswer } from './auth.ts';
import { MFA_CODE_PATTERN, OtpCode, RecoveryCode, strict } from './fields.ts';

export const Challenge = Type.String({ minLength: 16, maxLength: 128 });
export { MFA_CODE_PATTERN, OtpCode, RecoveryCode };

/** The data of an AU00170 refusal: the password was right, the second step is next. */
export interface MfaStep {
  challenge: string;
  /** verify: type a code (or a recovery code); enrol: the group requires a factor, set one up first. */
  step: 'verify' | 'enrol';
}

export const verifySecondFactor = endpoint<LoginAnswer>()({
  method: 'POST',
  path: '/centerAuth/sso/mfa/verify',
  body: Type.Object({
    challenge: Challenge,
    code: Type.Optional(OtpCode),
    recoveryCode: Type.Optional(RecoveryCode),
  }, strict),
});
export type VerifySecondFactorBody = Static<typeof verifySecondFactor.body>;

/** A new authenticator secret, shown as a QR code and as text for manual entry. */
export interface TotpEnrolment {
  /** Base32, as authenticator apps take it by hand. */
  secret: string;
  /** otpauth://totp/... (what the QR code holds). */
  uri: string;
  /** The QR code as an SVG document (drawn by the server, so the widget carries no QR code). */
  qrSvg: string;
}

export const startSignInEnrolment = endpoint<TotpEnrolment>()({
  method: 'POST',
  path: '/centerAuth/sso/mfa/enrol/start',
  body: Type.Object({ challenge: Challenge }, strict),
});
export type StartSignInEnrolmentBody = Static<typeof startSignInEnrolment.body>;

/** A finished sign-in that also enrolled a factor: the recovery codes are shown once. */
export interface EnrolledLoginAnswer extends LoginAnswer {
  recoveryCodes: string[];
}

export const confirmSignInEnrolment = endpoint<EnrolledLoginAnswer>()({
  method: 'POST',
  path: '/centerAuth/sso/mfa/enrol/confirm',
  body: Type.Object({ challenge: Challenge, code: OtpCode }, strict),
});
export type ConfirmSignInEnrolmentBody = Static<typeof confirmSignInEnrolment.body>;
