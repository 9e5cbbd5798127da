// The account page's request client and helpers. A call without a portal session (AU00300, or 424
// for one that timed out) sends the person to the login page, which comes back here.
import { ApiCallError, createApiClient } from '../../widget/core/request.ts';
import { createNoticeCenter } from '../../widget/core/notices.ts';
import { createPasswordEncryptor } from '../../widget/core/sm2.ts';
import { DEFAULT_ERROR } from '../../widget/core/messages.ts';
import * as RefusalCode from '../../contract/refusal-codes.ts';

export const notices = createNoticeCenter();
export const api = createApiClient({ apiBase: '/api', notices });
export const encryptPassword = createPasswordEncryptor(api);

export const LOGIN_AND_BACK = `/?callBack=${encodeURIComponent('/account')}`;

export function refusalCode(error: unknown): string | null {
  return error instanceof ApiCallError ? String(error.errorCode ?? error.code) : null;
}

export function errorText(error: unknown): string {
  if (error instanceof Error && error.name === 'WebAuthnFailure') return error.message;
  return error instanceof ApiCallError ? error.message || DEFAULT_ERROR : DEFAULT_ERROR;
}

/** True (after sending the browser to the login page) when the error says the session is gone. */
export function leftForLogin(error: unknown): boolean {
  const code = refusalCode(error);
  if (code !== RefusalCode.notLoggedIn && code !== '424') return false;
  window.location.assign(LOGIN_AND_BACK);
  return true;
}
