// Validators of spec section 5 with its exact messages. Each returns the message, or null when valid.
import type { ApiClient } from './request.ts';
import { INVALID_PHONE, INVALID_USERNAME, PHONE_EXISTS, USERNAME_EXISTS } from './messages.ts';

/** Mainland mobile numbers: 11 digits, 1 then an allocated second digit and prefix. */
export const MOBILE_PATTERN = /^1(3\d|4[014-9]|5[0-35-9]|6[2567]|7[0-8]|8\d|9[0-35-9])\d{8}$/;
export const USERNAME_PATTERN = /^[a-z0-9]+$/;

export function validatePhone(value: string): string | null {
  const phone = value.trim();
  if (phone.includes('****')) return null;
  return MOBILE_PATTERN.test(phone) ? null : INVALID_PHONE;
}

export function validateUsername(value: string): string | null {
  return USERNAME_PATTERN.test(value) ? null : INVALID_USERNAME;
}

async function exists(client: ApiClient, params: Record<string, string>): Promise<boolean> {
  const data = await client.get<unknown>('/admin/user/details', { params });
  return data !== null && data !== undefined;
}

export async function checkUsernameUnique(client: ApiClient, username: string): Promise<string | null> {
  return (await exists(client, { username })) ? USERNAME_EXISTS : null;
}

export async function checkPhoneUnique(client: ApiClient, phone: string): Promise<string | null> {
  return (await exists(client, { phone })) ? PHONE_EXISTS : null;
}
