// The forced change (AU00154) met after a sign-in proved a second factor (issue 31): a passkey, an
// authenticator code, or an authenticator just enrolled. The server answers with a one-time change
// ticket (contract MustChangeDetail) that stands for that factor, so the change dialog asks the
// passwords only, as after a password sign-in, and sends the ticket along. A passkey sign-in has
// no user name typed: it comes from the answer too.
import type { MustChangeDetail } from '../../../contract/endpoints/auth.ts';
import * as RefusalCode from '../../../contract/refusal-codes.ts';
import { ApiCallError } from '../../core/request.ts';
import type { LoginContext } from '../login-context/login-store.ts';
import { FIRST_LOGIN } from '../password/password.messages.ts';

/** AU00154 with its change ticket, when `error` is that answer. */
export function mustChangeAfterFactor(error: unknown): MustChangeDetail | null {
  if (!(error instanceof ApiCallError) || String(error.errorCode ?? error.code) !== RefusalCode.firstLogin) return null;
  const detail = error.data as Partial<MustChangeDetail> | null | undefined;
  if (typeof detail?.username !== 'string' || typeof detail.changeTicket !== 'string') return null;
  return {
    username: detail.username, changeTicket: detail.changeTicket,
    ...(Array.isArray(detail.recoveryCodes) ? { recoveryCodes: detail.recoveryCodes.filter((c) => typeof c === 'string') } : {}),
  };
}

/** 系统提示 as after a password sign-in; 确定 opens the change dialog with the ticket. */
export async function askToChangeAfterFactor(context: LoginContext, detail: MustChangeDetail): Promise<void> {
  context.$secondFactor.set(null);
  context.$view.set('password');
  context.$username.set(detail.username);
  if (!(await context.notices.confirm(FIRST_LOGIN))) return;
  context.$changePassword.set({ username: detail.username, reason: RefusalCode.firstLogin, changeTicket: detail.changeTicket });
}
