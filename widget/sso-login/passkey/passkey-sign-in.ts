// Passkey sign-in (issue 21), a chunk of its own with @simplewebauthn/browser: loaded only when the
// 使用通行密钥登录 button is pressed, or (where the browser offers passkeys in the username field's
// autofill: conditional mediation) once the form is there. Either way it ends like a password
// sign-in (sign-in-success.ts); every failure is a Chinese message for the form, but "must change
// password" (AU00154) opens the change dialog with the passkey's proof (password-store.ts).
import { startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser';
import { ApiCallError } from '../../core/request.ts';
import { emitLoginError, guarded, type LoginContext } from '../login-context/login-store.ts';
import { completeSignIn, signInDestination } from '../shared/sign-in-success.ts';
import * as T from './passkey.messages.ts';
import { askToChangeAfterFactor, mustChangeAfterFactor } from '../password/password-store.ts';

/** A failed ceremony in Chinese, by the DOMException the browser raised. */
export function passkeyFailure(error: unknown): string {
  const name = (error as { name?: string } | null)?.name ?? '';
  if (name === 'NotAllowedError') return T.PASSKEY_TIMED_OUT;
  if (name === 'AbortError') return T.PASSKEY_CANCELLED;
  if (name === 'SecurityError') return T.PASSKEY_WRONG_ADDRESS;
  if (name === 'NotSupportedError' || name === 'InvalidStateError') return T.PASSKEY_UNSUPPORTED;
  return T.PASSKEY_FAILED;
}

async function ceremony(context: LoginContext, autofill: boolean): Promise<void> {
  const { params, client } = context;
  const { handle, options } = await client.post('/centerAuth/sso/passkey/options', { json: {}, quiet: true });
  const response = await startAuthentication({ optionsJSON: options as never, useBrowserAutofill: autofill });
  let data;
  try {
    data = await client.post('/centerAuth/sso/passkey/verify', {
      json: {
        handle, response: response as never,
        clientId: params.clientId ?? undefined, callBack: params.callBack ?? undefined, ssoDomain: params.ssoDomain,
      },
      quiet: true,
    });
  } catch (error) {
    // The passkey was right, and the password must change first: the dialog, with the passkey's proof.
    const mustChange = mustChangeAfterFactor(error);
    if (!mustChange) throw error;
    return void askToChangeAfterFactor(context, mustChange);
  }
  completeSignIn(context, signInDestination(context, data), data);
}

/** The button: answers the form's error, or null once signed in (or when nothing is to be shown). */
export async function signInWithPasskey(context: LoginContext): Promise<string | null> {
  let formError: string | null = null;
  await guarded(context, 'passkey', async () => {
    try {
      await ceremony(context, false);
    } catch (error) {
      formError = error instanceof ApiCallError ? emitLoginError(context, error).message : passkeyFailure(error);
    }
  });
  return formError;
}

/**
 * Offers the account's passkeys in the username field's autofill; waits (without a busy state)
 * until one is chosen. Cancelled quietly when the button starts its own ceremony or the form goes.
 */
export async function offerPasskeyAutofill(context: LoginContext, showError: (message: string) => void): Promise<void> {
  try {
    await ceremony(context, true);
  } catch (error) {
    const name = (error as { name?: string } | null)?.name ?? '';
    if (name === 'AbortError') return;
    showError(error instanceof ApiCallError ? emitLoginError(context, error).message : passkeyFailure(error));
  }
}

export function cancelPasskeyAutofill(): void {
  WebAuthnAbortService.cancelCeremony();
}
