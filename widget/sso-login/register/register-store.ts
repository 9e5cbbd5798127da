// The register view (spec section 5): username and phone rules with server uniqueness checks,
// an SMS code, password and confirmation; success returns to password login with the username.
import { storePasswordCredential } from '../../core/password-credential.ts';
import { PASSWORDS_DIFFER, REQUIRED_PASSWORD, REQUIRED_PHONE, REQUIRED_SMS_CODE, REQUIRED_USERNAME } from '../sso-login.messages.ts';
import { REGISTER_SUCCESS, REQUIRED_CONFIRM_REGISTER_PASSWORD } from './register.messages.ts';
import { checkPhoneUnique, checkUsernameUnique, validatePhone, validateUsername } from '../../core/validators.ts';
import { emitLoginError, guarded, type FieldErrors, type LoginContext } from '../login-context/login-store.ts';
import { stopCountdown } from '../shared/countdown.ts';
import { sendSmsCode } from '../shared/send-sms-code.ts';
import { formState, mergeErrors, showErrors, type FormState } from '../shared/form-state.ts';

export interface RegisterValues {
  username: string;
  phone: string;
  smsCode: string;
  password: string;
  confirmPassword: string;
}

export function validateRegisterUsername(value: string): string | null {
  return value ? validateUsername(value) : REQUIRED_USERNAME;
}

export function validateRegisterPhone(value: string): string | null {
  return value ? validatePhone(value) : REQUIRED_PHONE;
}

export function validateRegister(values: RegisterValues): FieldErrors {
  const errors: FieldErrors = {};
  const username = validateRegisterUsername(values.username.trim());
  if (username) errors.username = username;
  const phone = validateRegisterPhone(values.phone.trim());
  if (phone) errors.phone = phone;
  if (!values.smsCode.trim()) errors.smsCode = REQUIRED_SMS_CODE;
  if (!values.password) errors.password = REQUIRED_PASSWORD;
  if (!values.confirmPassword) errors.confirmPassword = REQUIRED_CONFIRM_REGISTER_PASSWORD;
  else if (values.password && values.confirmPassword !== values.password) errors.confirmPassword = PASSWORDS_DIFFER;
  return errors;
}

/** Pattern first, then the server: 用户名已经存在 when /admin/user/details returns data. */
export async function checkRegisterUsername(context: LoginContext, value: string): Promise<string | null> {
  const problem = validateRegisterUsername(value.trim());
  if (problem) return problem;
  try {
    return await checkUsernameUnique(context.client, value.trim());
  } catch {
    return null; // the request client has shown why; the server checks again on submit
  }
}

export async function checkRegisterPhone(context: LoginContext, value: string): Promise<string | null> {
  const problem = validateRegisterPhone(value.trim());
  if (problem) return problem;
  try {
    return await checkPhoneUnique(context.client, value.trim());
  } catch {
    return null;
  }
}

export async function sendRegisterCode(context: LoginContext, phone: string): Promise<FieldErrors> {
  // No uniqueness check while the countdown runs: the send would not happen anyway.
  if (context.registerCountdown.$seconds.get() > 0) return {};
  const problem = await checkRegisterPhone(context, phone);
  if (problem) return { phone: problem };
  return sendSmsCode(context, {
    busyKey: 'registerCode', countdown: context.registerCountdown, codeField: 'smsCode',
    request: () => context.client.get(`/admin/mobile/${encodeURIComponent(phone.trim())}`, { quiet: true }),
  });
}

/** What a register submit left to show: field errors, and the server's refusal of the whole form. */
export interface RegisterOutcome {
  fieldErrors: FieldErrors;
  /** Shown inside the form (a wrong SMS code, a refused password), not as a toast. */
  formError: string | null;
}

/** Validates everything (uniqueness included) and registers; returns what the form shows. */
export async function register(context: LoginContext, values: RegisterValues): Promise<RegisterOutcome> {
  const errors = validateRegister(values);
  if (Object.keys(errors).length > 0) return { fieldErrors: errors, formError: null };
  let serverErrors: FieldErrors = {};
  let formError: string | null = null;
  await guarded(context, 'register', async () => {
    const [username, phone] = await Promise.all([
      checkRegisterUsername(context, values.username),
      checkRegisterPhone(context, values.phone),
    ]);
    if (username || phone) {
      serverErrors = { ...(username ? { username } : {}), ...(phone ? { phone } : {}) };
      return;
    }
    try {
      const password = await context.encryptPassword(values.password);
      const data = await context.client.post('/admin/register/user', {
        // ssoDomain: the brand site the dealer registers at decides the groups he joins.
        json: {
          username: values.username.trim(), phone: values.phone.trim(), smsCode: values.smsCode.trim(), password,
          ssoDomain: context.params.ssoDomain,
        },
        quiet: true,
      });
      stopCountdown(context.registerCountdown);
      const registered = typeof data?.username === 'string' ? data.username : values.username.trim();
      await storePasswordCredential(registered, values.password);
      context.$username.set(registered);
      context.$view.set('password');
      context.notices.toast('success', REGISTER_SUCCESS);
    } catch (error) {
      formError = emitLoginError(context, error).message;
    }
  });
  return { fieldErrors: serverErrors, formError };
}

export const registerForm = (context: LoginContext): FormState => formState(context, 'register');

/** Leaving the username field: its rule, then its uniqueness, shown under it. */
export async function checkUsernameField(context: LoginContext, value: string): Promise<void> {
  if (!value) return;
  mergeErrors(registerForm(context), { username: (await checkRegisterUsername(context, value)) ?? undefined });
}

/** Leaving the phone field: its rule, then its uniqueness, shown under it. */
export async function checkPhoneField(context: LoginContext, value: string): Promise<void> {
  if (!value) return;
  mergeErrors(registerForm(context), { phone: (await checkRegisterPhone(context, value)) ?? undefined });
}

/** The form's submit: registers; what is wrong lands in the form's store. */
export async function submitRegister(context: LoginContext, values: RegisterValues): Promise<void> {
  const form = registerForm(context);
  form.$formError.set(null);
  const outcome = await register(context, values);
  showErrors(form, outcome.fieldErrors, outcome.formError);
}
