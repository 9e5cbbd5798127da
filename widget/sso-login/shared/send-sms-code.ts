// One SMS code send for every form that has one (mobile login, registration, 忘记密码): the
// countdown starts once the server accepted, 验证码已发送 as a toast. A refused send (resend
// cooldown, daily cap) is shown at the code field, where the send button sits; anything else (too
// many requests from this address, the network) belongs to no field and stays a toast. (A phone the
// server refuses cannot reach it: each form checks the phone by the same rule before it sends.)
import { CODE_SENT } from '../sso-login.messages.ts';
import { ApiCallError } from '../../core/request.ts';
import { startCountdown, type Countdown } from './countdown.ts';
import { emitLoginError, guarded, reportFailure, type BusyKey, type FieldErrors, type LoginContext } from '../login-context/login-store.ts';
import * as RefusalCode from '../../../contract/refusal-codes.ts';

const AT_CODE_FIELD: readonly string[] = [RefusalCode.smsTooSoon, RefusalCode.smsDailyCap];

/** The field errors for a failed send, or null when the failure belongs to no field. */
export function sendCodeRefusal(error: unknown, codeField: string): FieldErrors | null {
  return error instanceof ApiCallError && AT_CODE_FIELD.includes(String(error.errorCode)) ? { [codeField]: error.message } : null;
}

export interface SmsCodeSend {
  /** The busy flag of the send button. */
  busyKey: BusyKey;
  countdown: Countdown;
  /** The form's field for the code: a refused send is shown there. */
  codeField: string;
  /** The call that sends the code. */
  request: () => Promise<unknown>;
}

/** Sends a code unless the countdown still runs; answers the field errors to show. */
export async function sendSmsCode(context: LoginContext, send: SmsCodeSend): Promise<FieldErrors> {
  if (send.countdown.$seconds.get() > 0) return {};
  let errors: FieldErrors = {};
  await guarded(context, send.busyKey, async () => {
    try {
      await send.request();
      startCountdown(send.countdown, context.$smsCooldown.get());
      context.notices.toast('success', CODE_SENT);
    } catch (error) {
      const refusal = sendCodeRefusal(error, send.codeField);
      if (!refusal) reportFailure(context, error);
      else {
        emitLoginError(context, error);
        errors = refusal;
      }
    }
  });
  return errors;
}
