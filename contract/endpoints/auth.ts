// Sign-in endpoints (spec section 7): public key, password and SMS login, messenger code login,
// session state, sign-out, current user, password change, login SMS.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint.ts';
import { CallBack, ChangeTicket, ClientId, LoginName, NoQuery, OtpCode, Phone, RecoveryCode, Sm2Cipher, SmsCode, SsoDomain, strict } from './fields.ts';

export const getPublicKey = endpoint<PublicKeyAnswer>()({ method: 'GET', path: '/centerAuth/commonConfig/getPublicKeySm2', query: NoQuery });
/** The SM2 public key (uncompressed, hex, "04…") the passwords are encrypted with. */
export type PublicKeyAnswer = string;

export const doLogin = endpoint<LoginAnswer>()({
  method: 'POST',
  path: '/centerAuth/sso/doLogin',
  body: Type.Object({
    /** 0 password, 1 mobile (spec: login type enumeration). Absent: mobile when only a phone is given. */
    loginType: Type.Optional(Type.Integer({ enum: [0, 1] })),
    name: Type.Optional(LoginName),
    pwd: Type.Optional(Sm2Cipher),
    phone: Type.Optional(Phone),
    code: Type.Optional(SmsCode),
    clientId: Type.Optional(ClientId),
    callBack: Type.Optional(CallBack),
    from: Type.Optional(Type.String({ maxLength: 256 })),
    ssoDomain: Type.Optional(SsoDomain),
    /** The login page's view parameter (default odin): accepted and not used. */
    view: Type.Optional(Type.String({ maxLength: 64 })),
    /**
     * 1: 稍后修改. A password past its age (AU00153) still signs in while within the grace
     * (AU00153's data says until when); the server decides, the flag only asks. Our extension.
     */
    postponePasswordChange: Type.Optional(Type.Integer({ enum: [1] })),
  }, strict),
});
export type DoLoginBody = Static<typeof doLogin.body>;

/** The data of an AU00153 refusal: how old the password is and whether the change can wait. */
export interface PasswordAgedDetail {
  /** Whole days since the password was last changed. */
  ageDays: number;
  /** The ageing limit in days (one month by default). */
  maxAgeDays: number;
  /** Until when (epoch ms) 稍后修改 still signs in; null when the grace is over and the change is required. */
  postponeUntil: number | null;
}

/**
 * AU00154's data when the sign-in that met "must change password" had proven a second factor (a
 * passkey, an authenticator code, a new authenticator): changePassword takes `changeTicket` as
 * that factor's proof (once, within 5 minutes), so the change asks for nothing given already.
 */
export interface MustChangeDetail {
  username: string;
  changeTicket: string;
  /** After a new authenticator was confirmed: its recovery codes, shown before the change. */
  recoveryCodes?: string[];
}

/** Every successful sign-in answers this (password, SMS code, WeCom, Feishu). */
export interface LoginAnswer {
  username: string;
  /** Where the browser goes next: the checked callBack, /home, or (embedded) the ticket redeem URL. */
  redirect: string;
  /** Embedded sign-in only: the one-time ticket inside `redirect`. */
  ticket?: string;
}

const codeLoginQuery = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 512 }),
  clientId: Type.Optional(ClientId),
  ssoDomain: Type.Optional(SsoDomain),
  /** Where the browser goes afterwards: checked like doLogin's, bound to an embedded login's ticket. */
  callBack: Type.Optional(CallBack),
}, strict);
export type CodeLoginQuery = Static<typeof codeLoginQuery>;

export const weComLoginByCode = endpoint<LoginAnswer>()({ method: 'GET', path: '/centerAuth/sso/WeCom/loginByCode', query: codeLoginQuery, xsrf: true });
export const feishuLoginByCode = endpoint<LoginAnswer>()({ method: 'GET', path: '/centerAuth/sso/feishu/loginByCode', query: codeLoginQuery, xsrf: true });

export const isLogin = endpoint<IsLoginAnswer>()({ method: 'GET', path: '/centerAuth/sso/isLogin', query: NoQuery });
export type IsLoginAnswer = boolean;

/**
 * null, or logoutChain: a URL of the portal the browser should open (top level) to finish single
 * logout at apps only the browser can reach (SAML front-channel logout); it ends on a signed-out page.
 */
export type SignOutAnswer = null | { logoutChain: string };
export const signOut = endpoint<SignOutAnswer>()({
  method: 'GET',
  path: '/centerAuth/sso/signout',
  query: Type.Object({ from: Type.Optional(Type.String({ maxLength: 256 })) }, strict),
  xsrf: true,
});
export type SignOutQuery = Static<typeof signOut.query>;

export const currentUser = endpoint<CurrentUserAnswer>()({ method: 'GET', path: '/centerAuth/user/curLogin/info', query: NoQuery });
export interface CurrentUserAnswer {
  username: string;
}

export const changePassword = endpoint<null>()({
  method: 'POST',
  path: '/centerAuth/user/changePassword',
  body: Type.Object({
    userName: LoginName,
    oldPassword: Sm2Cipher,
    newPassword: Sm2Cipher,
    confirmPassword: Sm2Cipher,
    /**
     * An account with an authenticator app changes its password outside a session only with a code
     * of it (or a recovery code): without one the answer is AU00170 (data: MfaStep, step verify, no
     * challenge: the same call is sent again with the code).
     */
    code: Type.Optional(OtpCode),
    recoveryCode: Type.Optional(RecoveryCode),
    /** The forced change after a sign-in that proved a second factor (AU00154's MustChangeDetail). */
    changeTicket: Type.Optional(ChangeTicket),
  }, strict),
});
export type ChangePasswordBody = Static<typeof changePassword.body>;

export const sendLoginSms = endpoint<null>()({
  method: 'GET',
  path: '/centerAuth/msg/login/send',
  query: Type.Object({ phone: Phone }, strict),
  xsrf: true,
});
export type SendLoginSmsQuery = Static<typeof sendLoginSms.query>;
