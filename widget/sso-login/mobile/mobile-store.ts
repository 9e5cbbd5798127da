// Mobile login (spec section 2): phone, an SMS code (the send button counts the server's cooldown
// down), sign in; AU00170 / AU00175 hand over to the second factor. The form's errors live here.
import { REQUIRED_PHONE, REQUIRED_SMS_CODE } from '../sso-login.messages.ts';
import { validatePhone } from '../../core/validators.ts';
import { emitLoginError, guarded, loginExtras, type FieldErrors, type LoginContext } from '../login-context/login-store.ts';
import { completeSignIn, signInDestination } from '../shared/sign-in-success.ts';
import { sendSmsCode } from '../shared/send-sms-code.ts';
import { startSecondFactor } from '../second-factor/second-factor-step.ts';
import { formState, hasErrors, showErrors, type FormState } from '../shared/form-state.ts';

export interface MobileValues {
  phone: string;
  code: string;
}

export const mobileForm = (context: LoginContext): FormState => formState(context, 'mobile');

export async function sendMobileLoginCode(context: LoginContext, phone: string): Promise<FieldErrors> {
  const trimmed = phone.trim();
  const problem = trimmed ? validatePhone(trimmed) : REQUIRED_PHONE;
  if (problem) return { phone: problem };
  return sendSmsCode(context, {
    busyKey: 'mobileCode', countdown: context.mobileCountdown, codeField: 'code',
    request: () => context.client.get('/centerAuth/msg/login/send', { params: { phone: trimmed }, quiet: true }),
  });
}

export function validateMobileLogin(values: MobileValues): FieldErrors {
  const errors: FieldErrors = {};
  const phone = values.phone.trim();
  const phoneProblem = phone ? validatePhone(phone) : REQUIRED_PHONE;
  if (phoneProblem) errors.phone = phoneProblem;
  if (!values.code.trim()) errors.code = REQUIRED_SMS_CODE;
  return errors;
}

/** Mobile login; returns the error the form shows in place (a wrong or used-up code), else null. */
export async function mobileLogin(context: LoginContext, values: MobileValues): Promise<string | null> {
  let formError: string | null = null;
  await guarded(context, 'mobile', async () => {
    try {
      const data = await context.client.post('/centerAuth/sso/doLogin', {
        form: { phone: values.phone.trim(), code: values.code.trim(), loginType: 1, ...loginExtras(context) },
        quiet: true,
      });
      completeSignIn(context, signInDestination(context, data), data);
    } catch (error) {
      // The code was right and a second factor is due: its own view takes over.
      if (startSecondFactor(context, error, values.phone.trim())) return;
      formError = emitLoginError(context, error).message;
    }
  });
  return formError;
}

/** The form's submit: checks the fields, then signs in; the errors land in the form's store. */
export async function submitMobileLogin(context: LoginContext, values: MobileValues): Promise<void> {
  const form = mobileForm(context);
  const problems = validateMobileLogin(values);
  showErrors(form, problems);
  if (hasErrors(problems)) return;
  form.$formError.set(await mobileLogin(context, values));
}
