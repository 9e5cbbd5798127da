// The hand-over from the password to the second step (issue 21): doLogin answers AU00170 (type a
// code from the authenticator app) or AU00175 (the group requires a second factor: set one up
// first) with a one-time challenge. The step's view and its calls are in second-factor/, a lazy
// chunk: this module only notices the answer and switches the view.
import type { MfaStep } from '../../../contract/endpoints/mfa.ts';
import { ApiCallError } from '../../core/request.ts';
import type { LoginContext } from '../login-context/login-store.ts';
import * as RefusalCode from '../../../contract/refusal-codes.ts';


/** True when `error` is the second step's answer: the view is switched to it. */
export function startSecondFactor(context: LoginContext, error: unknown, username: string): boolean {
  if (!(error instanceof ApiCallError)) return false;
  const code = String(error.errorCode ?? error.code);
  if (code !== RefusalCode.secondFactorRequired && code !== RefusalCode.secondFactorEnrolRequired) return false;
  const data = error.data as Partial<MfaStep> | null | undefined;
  if (typeof data?.challenge !== 'string') return false;
  context.$secondFactor.set({ challenge: data.challenge, step: data.step === 'enrol' ? 'enrol' : 'verify', username, message: error.message });
  context.$view.set('second-factor');
  return true;
}
