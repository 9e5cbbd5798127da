// Where a refused SMS code send is shown: the resend cooldown and the daily cap at the code field,
// where the send button sits. Anything else (too many requests from this address, the network)
// belongs to no field and stays a toast. (A phone the server refuses cannot reach it: the form
// checks the phone by the same rule before it sends.)
import { ApiCallError } from '../../core/request.ts';
import type { FieldErrors } from './login-store.ts';

const AT_CODE_FIELD = ['AU00111', 'AU00112'];

/** The field errors for a failed send, or null when the failure belongs to no field. */
export function sendCodeRefusal(error: unknown, codeField: string): FieldErrors | null {
  return error instanceof ApiCallError && AT_CODE_FIELD.includes(String(error.errorCode)) ? { [codeField]: error.message } : null;
}
