// A person's own account (issue 21, the /account page): the second factor and its recovery codes,
// profile, phone, sessions and recent sign-ins.
// Every call needs the portal session (AU00300 without one).
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint.ts';
import { NoQuery, Phone, Sm2Cipher, SmsCode, strict } from './fields.ts';
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

/**
 * 验证身份: the password (SM2-encrypted like every password) or a second factor (a code or a recovery
 * code), remembered on the session for 5 minutes; the security changes (passkey, phone,
 * authenticator app) refuse with AU00181 without it.
 */
export const proveIdentity = endpoint<RecentProof>()({
  method: 'POST',
  path: '/account/reauth',
  body: Type.Object({ password: Type.Optional(Sm2Cipher), code: Type.Optional(OtpCode), recoveryCode: Type.Optional(RecoveryCode) }, strict),
});
export type ProveIdentityBody = Static<typeof proveIdentity.body>;

export interface RecentProof {
  /** Until when (epoch ms) the security changes need no new proof. */
  until: number;
}

/** The data of an AU00181 refusal: which proofs the dialog may ask for. */
export interface RecentProofNeed {
  /** The account has an authenticator app: its code (or a recovery code) will do. */
  totpEnabled: boolean;
}

// The rest of the /account page: profile, phone, sessions, recent sign-ins.

export interface AccountProfile {
  username: string;
  phone: string | null;
  /** staff (员工) or dealer (经销商). */
  kind: 'staff' | 'dealer';
  groups: { code: string; name: string }[];
}

export const accountProfile = endpoint<AccountProfile>()({ method: 'GET', path: '/account/profile', query: NoQuery });

export const sendPhoneChangeCode = endpoint<null>()({
  method: 'POST',
  path: '/account/phone/send',
  body: Type.Object({ phone: Phone }, strict),
});
export type SendPhoneChangeCodeBody = Static<typeof sendPhoneChangeCode.body>;

export const changePhone = endpoint<{ phone: string }>()({
  method: 'POST',
  path: '/account/phone',
  body: Type.Object({ phone: Phone, code: SmsCode }, strict),
});
export type ChangePhoneBody = Static<typeof changePhone.body>;

export interface AccountSessionInfo {
  /** The session's handle (never its cookie value). */
  id: string;
  /** The session this page runs in. */
  current: boolean;
  createdAt: number;
  lastSeenAt: number;
  /** Where it was signed in from; empty for sessions older than the record. */
  ip: string;
  /** 省份 城市 运营商 of a public address (server/account/ip-place.ts); null: not placed (本机, 内网, unknown). */
  place: string | null;
  userAgent: string;
  /** The apps signed in through this session (OpenID Connect clients). */
  apps: string[];
}

export const accountSessionList = endpoint<AccountSessionInfo[]>()({ method: 'GET', path: '/account/sessions', query: NoQuery });

export const endOwnSession = endpoint<null>()({
  method: 'POST',
  path: '/account/sessions/end',
  body: Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) }, strict),
});
export type EndOwnSessionBody = Static<typeof endOwnSession.body>;

export const endOtherSessions = endpoint<{ ended: number }>()({
  method: 'POST',
  path: '/account/sessions/end-others',
  body: Type.Object({}, strict),
});

export interface RecentSignIn {
  at: number;
  /** contract/rules/sign-in-methods.ts */
  method: string;
  /** success, bad_credentials, locked, bad_otp, ... (the sign-in audit's results). */
  result: string;
  ip: string;
  /** As AccountSessionInfo.place. */
  place: string | null;
  clientId: string | null;
}

export const recentSignIns = endpoint<RecentSignIn[]>()({ method: 'GET', path: '/account/sign-ins', query: NoQuery });
