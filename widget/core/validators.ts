// Validators of spec section 5 with its exact messages. Each returns the message, or null when valid.
import type { ApiClient } from './request.ts';
import { INVALID_PHONE, INVALID_USERNAME, PHONE_EXISTS, USERNAME_EXISTS } from './messages.ts';
import { MASKED_MOBILE_PATTERN, MOBILE_PATTERN } from '../../contract/rules/phone.ts';
import { USERNAME_PATTERN } from '../../contract/rules/username.ts';


export interface PhoneRuleOptions {
  /**
   * The spec accepts a masked value (138****0001) only where the page shows a phone it already
   * knows; a form whose value goes to the server (register, mobile login) must not, since the
   * server cannot send a code to or register a masked number.
   */
  allowMasked?: boolean;
}

export function validatePhone(value: string, { allowMasked = false }: PhoneRuleOptions = {}): string | null {
  const phone = value.trim();
  if (MOBILE_PATTERN.test(phone)) return null;
  return allowMasked && MASKED_MOBILE_PATTERN.test(phone) ? null : INVALID_PHONE;
}

export function validateUsername(value: string): string | null {
  return USERNAME_PATTERN.test(value) ? null : INVALID_USERNAME;
}

async function exists(client: ApiClient, params: Record<string, string>): Promise<boolean> {
  const data = await client.get('/admin/user/details', { params });
  return data !== null && data !== undefined;
}

export async function checkUsernameUnique(client: ApiClient, username: string): Promise<string | null> {
  return (await exists(client, { username })) ? USERNAME_EXISTS : null;
}

export async function checkPhoneUnique(client: ApiClient, phone: string): Promise<string | null> {
  return (await exists(client, { phone })) ? PHONE_EXISTS : null;
}
