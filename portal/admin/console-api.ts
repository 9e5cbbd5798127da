// The console's one request client, notice centre and password encryptor, and `consoleCall`: every
// console call goes through it, so a lapsed console session (401 AU00600) asks to sign in again and
// a change that needs the password again (403 AU00602) asks for it, each then retrying the call once.
import { ApiCallError, createApiClient } from '../../widget/core/request.ts';
import { createNoticeCenter } from '../../widget/core/notices.ts';
import { createPasswordEncryptor } from '../../widget/core/sm2.ts';
import { DEFAULT_ERROR } from '../../widget/core/messages.ts';
import * as RefusalCode from '../../contract/refusal-codes.ts';
import { askReauth, signInAgain } from './session-store.ts';

export const notices = createNoticeCenter();
export const api = createApiClient({ apiBase: '/api', notices });
export const encryptPassword = createPasswordEncryptor(api);

/** The administrator closed the password or sign-in dialog: the call was given up, nothing to show. */
export class CallCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'CallCancelled';
  }
}

/** The envelope code of a failed call ('AU00602' ...), or null for anything else. */
export function refusalCode(error: unknown): string | null {
  if (!(error instanceof ApiCallError)) return null;
  return String(error.errorCode ?? error.code);
}

/** The Chinese text to show for a failed call; null when there is nothing to show (cancelled). */
export function errorText(error: unknown): string | null {
  if (error instanceof CallCancelled) return null;
  if (error instanceof ApiCallError) return error.message || DEFAULT_ERROR;
  return DEFAULT_ERROR;
}

/**
 * Runs `call` (which must do the whole request, encrypting passwords inside, so a retry sends fresh
 * values). On 401 AU00600 it waits until the administrator has signed in again, on 403 AU00602
 * until he has typed his password again, and retries once; each dialog closed without that rejects
 * with CallCancelled.
 */
export async function consoleCall<T>(call: () => Promise<T>): Promise<T> {
  let signedInAgain = false;
  let reauthenticated = false;
  for (;;) {
    try {
      return await call();
    } catch (error) {
      const code = refusalCode(error);
      if (code === RefusalCode.consoleNotSignedIn && !signedInAgain) {
        signedInAgain = true;
        if (!(await signInAgain())) throw new CallCancelled();
        continue;
      }
      if (code === RefusalCode.reauthRequired && !reauthenticated) {
        reauthenticated = true;
        if (!(await askReauth())) throw new CallCancelled();
        continue;
      }
      throw error;
    }
  }
}

/** Asks before something that cannot be undone; true for 确定 (or the given label). */
export function confirmAction(text: string, okLabel?: string): Promise<boolean> {
  return notices.confirm(text, okLabel ? { okLabel } : undefined);
}
