// Self-registration endpoints (spec section 7): registration SMS code, uniqueness look-up, account.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint.ts';
import { LoginName, NewUsername, NoQuery, Phone, Sm2Cipher, SmsCode, SsoDomain, strict } from './fields.ts';

export const sendRegisterSms = endpoint<null>()({
  method: 'GET',
  path: '/admin/mobile/:phone',
  params: Type.Object({ phone: Phone }),
  query: NoQuery,
  xsrf: true,
});
export type SendRegisterSmsParams = Static<typeof sendRegisterSms.params>;

export const userDetails = endpoint<UserDetailsAnswer>()({
  method: 'GET',
  path: '/admin/user/details',
  /** Exactly one of the two. */
  query: Type.Object({ username: Type.Optional(LoginName), phone: Type.Optional(Phone) }, strict),
});
export type UserDetailsQuery = Static<typeof userDetails.query>;
/** Spec: non-null data means the name or phone is taken; it says nothing more (no account data). */
export type UserDetailsAnswer = { taken: true } | null;

export const registerUser = endpoint<RegisterUserAnswer>()({
  method: 'POST',
  path: '/admin/register/user',
  body: Type.Object({
    username: NewUsername,
    phone: Phone,
    smsCode: SmsCode,
    password: Sm2Cipher,
    /** The brand site the login box serves (its ssoDomain); absent: the request's Host. */
    ssoDomain: Type.Optional(SsoDomain),
  }, strict),
});
export type RegisterUserBody = Static<typeof registerUser.body>;
export interface RegisterUserAnswer {
  username: string;
}
