// The second step's calls (issue 21): verify a code or a recovery code, or (a group requires a
// second factor) set an authenticator up and finish the sign-in with its first code. Each ends
// like a password sign-in (sign-in-success.ts), or (the password must change: AU00154) in the change
// dialog with the step's proof; a failure is shown in the form, where the user looks.
import type { TotpEnrolment } from '../../../contract/endpoints/mfa.ts';
import { emitLoginError, guarded, type LoginContext } from '../login-context/login-store.ts';
import { completeSignIn, signInDestination, type SignInAnswer } from '../shared/sign-in-success.ts';
import { ApiCallError } from '../../core/request.ts';
import * as RefusalCode from '../../../contract/refusal-codes.ts';
import { askToChangeAfterFactor, mustChangeAfterFactor } from '../password/password-store.ts';

export type Proof = { code: string } | { recoveryCode: string };

/** A dead challenge (timed out, used): back to the password form with the server's message. */
function backToPassword(context: LoginContext, error: unknown): boolean {
  if (!(error instanceof ApiCallError) || String(error.errorCode ?? error.code) !== RefusalCode.mfaChallengeExpired) return false;
  context.$secondFactor.set(null);
  context.$view.set('password');
  context.notices.toast('error', error.message);
  return true;
}

/** Finishes the sign-in with a code or a recovery code; the form's error otherwise. */
export async function verifySecondFactor(context: LoginContext, proof: Proof): Promise<string | null> {
  const state = context.$secondFactor.get();
  if (!state) return null;
  let formError: string | null = null;
  await guarded(context, 'secondFactor', async () => {
    try {
      const data = await context.client.post('/centerAuth/sso/mfa/verify', { json: { challenge: state.challenge, ...proof }, quiet: true });
      completeSignIn(context, signInDestination(context, data), data);
    } catch (error) {
      if (backToPassword(context, error)) return;
      const mustChange = mustChangeAfterFactor(error);
      if (mustChange) return void askToChangeAfterFactor(context, mustChange);
      formError = emitLoginError(context, error).message;
    }
  });
  return formError;
}

/** A new authenticator secret for the enrolment the group requires. */
export async function startEnrolment(context: LoginContext): Promise<TotpEnrolment | string> {
  const state = context.$secondFactor.get();
  if (!state) return '';
  let result: TotpEnrolment | string = '';
  await guarded(context, 'secondFactor', async () => {
    try {
      result = await context.client.post('/centerAuth/sso/mfa/enrol/start', { json: { challenge: state.challenge }, quiet: true });
    } catch (error) {
      if (backToPassword(context, error)) return;
      result = emitLoginError(context, error).message;
    }
  });
  return result;
}

export interface Enrolled {
  recoveryCodes: string[];
  /** Leaves for the sign-in's destination (after the codes were seen). */
  proceed: () => void;
}

/** Confirms the new factor with its first code: the recovery codes to show, or the form's error. */
export async function confirmEnrolment(context: LoginContext, code: string): Promise<Enrolled | string> {
  const state = context.$secondFactor.get();
  if (!state) return '';
  let result: Enrolled | string = '';
  await guarded(context, 'secondFactor', async () => {
    try {
      const data = await context.client.post('/centerAuth/sso/mfa/enrol/confirm', { json: { challenge: state.challenge, code }, quiet: true });
      const answer: SignInAnswer = data;
      result = { recoveryCodes: data.recoveryCodes, proceed: () => completeSignIn(context, signInDestination(context, answer), answer) };
    } catch (error) {
      if (backToPassword(context, error)) return;
      // Enrolled, and the password must change now: the new recovery codes first, then the change.
      const mustChange = mustChangeAfterFactor(error);
      if (mustChange && Array.isArray(mustChange.recoveryCodes)) {
        result = { recoveryCodes: mustChange.recoveryCodes, proceed: () => void askToChangeAfterFactor(context, mustChange) };
        return;
      }
      result = emitLoginError(context, error).message;
    }
  });
  return result;
}

export function cancelSecondFactor(context: LoginContext): void {
  context.$secondFactor.set(null);
  context.$view.set('password');
}
