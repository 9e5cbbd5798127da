// 修改密码 written back to Active Directory, which does not implement the Password Modify extended
// operation (RFC 3062). AD's user-change form (MS-ADTS 3.1.1.3.1.5, "unicodePwd"): bound as the
// person with the current password, over an encrypted connection (AD refuses it on plain LDAP), one
// modify request that deletes the current unicodePwd value and adds the new one. AD then checks the
// current value and applies the domain's policy (length, complexity, history, minimum age).
import { Attribute, Change, ConstraintViolationError } from 'ldapts';
import { DirectoryMessages } from '../../contract/errors.ts';
import type { DirectoryConfig } from './directory-config.ts';
import { bindAsPerson, DirectoryError, directoryError } from './ldap-connection.ts';

/** unicodePwd's value: the password in double quotes, UTF-16LE encoded (as Microsoft documents). */
export const unicodePwdValue = (password: string): Buffer => Buffer.from(`"${password}"`, 'utf16le');

/** True when every URL of the directory is encrypted (ldaps://, or ldap:// with StartTLS). */
export function everyUrlEncrypted(config: Pick<DirectoryConfig, 'urls' | 'startTls'>): boolean {
  return config.urls.every((url) => url.startsWith('ldaps:') || config.startTls);
}

/**
 * AD's refusals come as constraintViolation with a Windows error first in the text (checked on
 * Samba 4.17): 0000052D (ERROR_PASSWORD_RESTRICTION) when the policy refuses the new password,
 * 00000056 (ERROR_INVALID_PASSWORD) when the deleted value is not the current password (changed
 * elsewhere between our bind and the modify).
 */
const POLICY_REFUSAL = /\b0000052D\b/i;
const WRONG_CURRENT = /\b00000056\b/;

/**
 * Changes the person's password in AD. Answers false when the current password is wrong; throws a
 * DirectoryError (problem 'passwordPolicy' with adPasswordPolicy's text when AD's policy refused the
 * new one). Refuses before any bind when a URL is not encrypted: no password goes over plain LDAP.
 */
export async function changeUnicodePwd(
  config: Pick<DirectoryConfig, 'urls' | 'startTls' | 'caFile' | 'connectTimeoutMs'>, dn: string, oldPassword: string, newPassword: string,
): Promise<boolean> {
  if (oldPassword.length === 0) return false;
  if (!everyUrlEncrypted(config)) throw new DirectoryError('failed', DirectoryMessages.adWriteBackNeedsTls(config.urls.find((url) => url.startsWith('ldap:'))!));
  const connection = await bindAsPerson(config, dn, oldPassword);
  if (!connection) return false;
  try {
    await connection.client.modify(dn, [
      new Change({ operation: 'delete', modification: new Attribute({ type: 'unicodePwd', values: [unicodePwdValue(oldPassword)] }) }),
      new Change({ operation: 'add', modification: new Attribute({ type: 'unicodePwd', values: [unicodePwdValue(newPassword)] }) }),
    ]);
    return true;
  } catch (error) {
    if (error instanceof ConstraintViolationError && POLICY_REFUSAL.test(error.message)) {
      throw new DirectoryError('passwordPolicy', DirectoryMessages.adPasswordPolicy);
    }
    if (error instanceof ConstraintViolationError && WRONG_CURRENT.test(error.message)) return false;
    throw directoryError(error);
  } finally {
    await connection.client.unbind().catch(() => undefined);
  }
}
