// 忘记密码: self-service password reset by SMS code, our extension to the spec (docs/api-contract.md).
// The code proves the phone; the new password passes the same rules as a change
// (contract/rules/password.ts + the server's guessability check) and travels SM2-encrypted.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint.ts';
import { Phone, Sm2Cipher, SmsCode, strict } from './fields.ts';

/** Sends a reset code when the phone belongs to an account; the answer is the same either way. */
export const sendResetSms = endpoint<null>()({
  method: 'GET',
  path: '/centerAuth/msg/resetPassword/send',
  query: Type.Object({ phone: Phone }, strict),
  xsrf: true,
});
export type SendResetSmsQuery = Static<typeof sendResetSms.query>;

/** Sets a new password for the phone's account; ends its sessions everywhere and clears its lockout. */
export const resetPassword = endpoint<null>()({
  method: 'POST',
  path: '/centerAuth/user/resetPassword',
  body: Type.Object({
    phone: Phone,
    code: SmsCode,
    newPassword: Sm2Cipher,
    confirmPassword: Sm2Cipher,
  }, strict),
});
export type ResetPasswordBody = Static<typeof resetPassword.body>;
