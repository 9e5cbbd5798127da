// 忘记密码: a reset code by SMS, then a new password for the phone's account (server:
// auth/password-reset-routes.ts). Refusals land at the field they are about; what belongs to no
// field (too many requests, a network failure) is a toast. Success returns to the password form.
import { ApiCallError } from '../../core/request.ts';
import { validatePhone } from '../../core/validators.ts';
import { PASSWORDS_DIFFER, REQUIRED_CONFIRM_PASSWORD, REQUIRED_NEW_PASSWORD, REQUIRED_PHONE, REQUIRED_SMS_CODE } from '../sso-login.messages.ts';
import { INVALID_PHONE, INVALID_SMS_CODE } from '../../../contract/messages.ts';
import { SMS_CODE_PATTERN } from '../../../contract/rules/sms-code.ts';
import { PASSWORD_RESET_DONE } from './forgot-password.messages.ts';
import { sendSmsCode } from '../shared/send-sms-code.ts';
import { emitLoginError, guarded, reportFailure, type FieldErrors, type LoginContext } from '../login-context/login-store.ts';
import { formState, hasErrors, showErrors, type FormState } from '../shared/form-state.ts';
import * as RefusalCode from '../../../contract/refusal-codes.ts';

export interface ResetValues {
  phone: string;
  code: string;
  newPassword: string;
  confirmPassword: string;
}

/** The server's refusal codes and the field each is about. */
const FIELD_OF_REFUSAL: Record<string, keyof ResetValues> = {
  [RefusalCode.badSmsCode]: 'code', // wrong or expired code
  [RefusalCode.smsCodeBurned]: 'code', // burned after too many tries
  [RefusalCode.smsTooSoon]: 'code', // sent too recently
  [RefusalCode.smsDailyCap]: 'code', // daily cap
  [RefusalCode.confirmMismatch]: 'confirmPassword',
  [RefusalCode.weakPassword]: 'newPassword',
  [RefusalCode.samePassword]: 'newPassword',
};

function phoneProblem(phone: string): string | null {
  const trimmed = phone.trim();
  return trimmed ? validatePhone(trimmed) : REQUIRED_PHONE;
}

export function validateReset(values: ResetValues): FieldErrors {
  const errors: FieldErrors = {};
  const phone = phoneProblem(values.phone);
  if (phone) errors.phone = phone;
  const code = values.code.trim();
  if (!code) errors.code = REQUIRED_SMS_CODE;
  else if (!SMS_CODE_PATTERN.test(code)) errors.code = INVALID_SMS_CODE;
  // The password rules are the server's (AU00103 names the rule, shown at this field).
  if (!values.newPassword) errors.newPassword = REQUIRED_NEW_PASSWORD;
  if (!values.confirmPassword) errors.confirmPassword = REQUIRED_CONFIRM_PASSWORD;
  else if (values.newPassword && values.confirmPassword !== values.newPassword) errors.confirmPassword = PASSWORDS_DIFFER;
  return errors;
}

/** The field a failed call is about, with the server's words; null when it belongs to no field. */
function fieldErrorOf(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiCallError)) return null;
  const code = String(error.errorCode ?? error.code);
  const field = FIELD_OF_REFUSAL[code];
  if (field) return { [field]: error.message };
  // A schema refusal (400) names the field in its message: 请输入合法手机号 / 请输入6位数字验证码.
  if (error.status === 400 && error.message === INVALID_SMS_CODE) return { code: error.message };
  if (error.status === 400 && error.message === INVALID_PHONE) return { phone: error.message };
  return null;
}

/** A refusal about one field comes back to show at that field; anything else is reported. */
function fieldErrorsOrReport(context: LoginContext, error: unknown): FieldErrors {
  const field = fieldErrorOf(error);
  if (!field) {
    reportFailure(context, error);
    return {};
  }
  emitLoginError(context, error);
  return field;
}

/** Sends the reset code; the countdown starts once the server accepted. Field errors come back. */
export async function sendResetCode(context: LoginContext, phone: string): Promise<FieldErrors> {
  const problem = phoneProblem(phone);
  if (problem) return { phone: problem };
  return sendSmsCode(context, {
    busyKey: 'resetCode', countdown: context.resetCountdown, codeField: 'code',
    request: () => context.client.get('/centerAuth/msg/resetPassword/send', { params: { phone: phone.trim() }, quiet: true }),
  });
}

/** Resets the password; on success the password form shows again. Field errors come back. */
export async function resetPassword(context: LoginContext, values: ResetValues): Promise<FieldErrors> {
  let errors: FieldErrors = {};
  await guarded(context, 'reset', async () => {
    try {
      const [newPassword, confirmPassword] = await Promise.all([
        context.encryptPassword(values.newPassword),
        context.encryptPassword(values.confirmPassword),
      ]);
      await context.client.post('/centerAuth/user/resetPassword', {
        json: { phone: values.phone.trim(), code: values.code.trim(), newPassword, confirmPassword },
        quiet: true,
      });
      context.$view.set('password');
      context.notices.toast('success', PASSWORD_RESET_DONE);
    } catch (error) {
      errors = fieldErrorsOrReport(context, error);
    }
  });
  return errors;
}

export const resetForm = (context: LoginContext): FormState => formState(context, 'forgot');

/** The form's submit: checks the fields, then resets; refusals land at their fields in the form's store. */
export async function submitReset(context: LoginContext, values: ResetValues): Promise<void> {
  const form = resetForm(context);
  const problems = validateReset(values);
  showErrors(form, problems);
  if (hasErrors(problems)) return;
  showErrors(form, await resetPassword(context, values));
}
