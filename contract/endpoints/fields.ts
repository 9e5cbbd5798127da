// Field schemas that several endpoints share, built from the rules both sides apply.
import { Type } from '@sinclair/typebox';
import { MOBILE_PATTERN_SOURCE } from '../rules/phone.ts';
import { SMS_CODE_PATTERN_SOURCE } from '../rules/sms-code.ts';
import { SM2_CIPHER_PATTERN_SOURCE } from '../rules/sm2-cipher.ts';
import { LOGIN_NAME_MAX_LENGTH, USERNAME_PATTERN_SOURCE } from '../rules/username.ts';

export const Phone = Type.String({ pattern: MOBILE_PATTERN_SOURCE });
export const SmsCode = Type.String({ pattern: SMS_CODE_PATTERN_SOURCE });
/** An SM2-encrypted password: "04" + C1C3C2 hex (contract/rules/sm2-cipher.ts). */
export const Sm2Cipher = Type.String({ pattern: SM2_CIPHER_PATTERN_SOURCE });
/** A name typed at sign-in: any existing account. */
export const LoginName = Type.String({ minLength: 1, maxLength: LOGIN_NAME_MAX_LENGTH });
/** A username chosen at registration (spec section 5). */
export const NewUsername = Type.String({ pattern: USERNAME_PATTERN_SOURCE });
export const SsoDomain = Type.String({ maxLength: 253 });
export const CallBack = Type.String({ maxLength: 2048 });
export const ClientId = Type.String({ maxLength: 128 });

export const MFA_CODE_PATTERN = '^[0-9]{6}$';
/** A six-digit code from an authenticator app (RFC 6238, 30-second steps). */
export const OtpCode = Type.String({ pattern: MFA_CODE_PATTERN });
/** A recovery code as printed (xxxxx-xxxxx); spaces, dashes and case do not matter. */
export const RecoveryCode = Type.String({ minLength: 8, maxLength: 32 });
/** A one-time proof the server handed out (32 random bytes, base64url). */
export const ChangeTicket = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' });

/** A call that takes no query parameters (unknown ones are refused by name). */
export const NoQuery = Type.Object({}, { additionalProperties: false });

/** Strict object: a field the contract does not name is refused (400 不支持的参数 <name>). */
export const strict = { additionalProperties: false } as const;
