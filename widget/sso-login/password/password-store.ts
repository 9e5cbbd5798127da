// Password login (spec sections 2 and 4): name + SM2-encrypted password; AU00153 / AU00154 ask to
// change the password first (the change-password dialog), AU00170 / AU00175 hand over to the second
// factor. The form's errors live here (shared/form-state.ts).
import type { MustChangeDetail, PasswordAgedDetail } from '../../../contract/endpoints/auth.ts';
import * as RefusalCode from '../../../contract/refusal-codes.ts';
import { ApiCallError } from '../../core/request.ts';
import { FIRST_LOGIN, PASSWORD_AGED } from './password.messages.ts';
import { REQUIRED_PASSWORD, REQUIRED_USERNAME } from '../sso-login.messages.ts';
import { storePasswordCredential } from '../../core/password-credential.ts';
import { emitLoginError, guarded, loginExtras, reportFailure, type FieldErrors, type LoginContext } from '../login-context/login-store.ts';
import { completeSignIn, signInDestination } from '../shared/sign-in-success.ts';
import { startSecondFactor } from '../second-factor/second-factor-step.ts';
import { formState, hasErrors, showErrors, type FormState } from '../shared/form-state.ts';

export interface PasswordValues {
  name: string;
  pwd: string;
}

export const passwordForm = (context: LoginContext): FormState => formState(context, 'password');

export function validatePasswordLogin(values: PasswordValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.name.trim()) errors.name = REQUIRED_USERNAME;
  if (!values.pwd) errors.pwd = REQUIRED_PASSWORD;
  return errors;
}

const AGEING_MESSAGES = { [RefusalCode.passwordExpired]: PASSWORD_AGED, [RefusalCode.firstLogin]: FIRST_LOGIN } as const;

function ageingCode(error: unknown): keyof typeof AGEING_MESSAGES | null {
  if (!(error instanceof ApiCallError)) return null;
  const code = String(error.errorCode ?? error.code);
  return code === RefusalCode.passwordExpired || code === RefusalCode.firstLogin ? code : null;
}

/**
 * Password login; AU00153 / AU00154 ask to change the password first (spec section 4). Returns the
 * error the form shows in place (wrong password, a locked account with its minutes), else null.
 * The 登录 button's busy state ends when the 系统提示 dialog opens: the call is over, and the
 * dialog waits for the person, not for the server.
 */
export async function passwordLogin(context: LoginContext, values: PasswordValues): Promise<string | null> {
  const name = values.name.trim();
  let formError: string | null = null;
  // Set inside the guarded call (a holder: TypeScript would narrow a plain `let` to null out here).
  const after: { ageing: { code: keyof typeof AGEING_MESSAGES; error: ApiCallError } | null } = { ageing: null };
  await guarded(context, 'password', async () => {
    try {
      const pwd = await context.encryptPassword(values.pwd);
      const data = await context.client.post('/centerAuth/sso/doLogin', {
        form: { name, pwd, loginType: 0, ...loginExtras(context) },
        quiet: true,
      });
      await storePasswordCredential(name, values.pwd);
      completeSignIn(context, signInDestination(context, data), data);
    } catch (error) {
      // The password was right and a second factor is due: its own view takes over (no error shown).
      if (startSecondFactor(context, error, name)) return;
      const code = ageingCode(error);
      if (!code) {
        formError = emitLoginError(context, error).message;
        return;
      }
      emitLoginError(context, error);
      context.$username.set(name);
      after.ageing = { code, error: error as ApiCallError };
    }
  });
  if (after.ageing) await askToChangePassword(context, { name, pwd: values.pwd }, after.ageing);
  return formError;
}

/** AU00153 / AU00154: 系统提示 asks first; 确定 opens the change-password dialog. */
async function askToChangePassword(
  context: LoginContext, values: PasswordValues, { code, error }: { code: keyof typeof AGEING_MESSAGES; error: ApiCallError },
): Promise<void> {
  const name = values.name.trim();
  const confirmed = await context.notices.confirm(AGEING_MESSAGES[code]);
  if (!confirmed) return;
  const aged = code === RefusalCode.passwordExpired ? agedDetail(error.data) : undefined;
  context.$changePassword.set({
    username: name,
    reason: code,
    ...(aged ? { aged } : {}),
    // Offered only while the server says the grace lasts; the server checks again anyway.
    ...(aged?.postponeUntil ? { postpone: () => postponedLogin(context, { name, pwd: values.pwd }) } : {}),
  });
}

/** AU00153's data, when it has the shape the server sends (contract PasswordAgedDetail). */
function agedDetail(data: unknown): PasswordAgedDetail | undefined {
  const detail = data as Partial<PasswordAgedDetail> | undefined;
  if (!detail || typeof detail.ageDays !== 'number' || typeof detail.maxAgeDays !== 'number') return undefined;
  return { ageDays: detail.ageDays, maxAgeDays: detail.maxAgeDays, postponeUntil: typeof detail.postponeUntil === 'number' ? detail.postponeUntil : null };
}

/**
 * 稍后修改: the same sign-in again with postponePasswordChange=1. The server signs in only while
 * the password is within its grace; past it the answer is AU00153 again, and the dialog stays.
 */
async function postponedLogin(context: LoginContext, values: PasswordValues): Promise<void> {
  await guarded(context, 'postpone', async () => {
    try {
      const pwd = await context.encryptPassword(values.pwd);
      const data = await context.client.post('/centerAuth/sso/doLogin', {
        form: { name: values.name, pwd, loginType: 0, postponePasswordChange: 1, ...loginExtras(context) },
        quiet: true,
      });
      await storePasswordCredential(values.name, values.pwd);
      context.$changePassword.set(null);
      completeSignIn(context, signInDestination(context, data), data);
    } catch (error) {
      const request = context.$changePassword.get();
      const aged = error instanceof ApiCallError ? agedDetail(error.data) : undefined;
      // The grace ended meanwhile: the dialog stays, now without 稍后修改.
      if (request && aged) context.$changePassword.set({ username: request.username, reason: request.reason, aged });
      reportFailure(context, error);
    }
  });
}

/** The form's submit: checks the two fields, then signs in; the errors land in the form's store. */
export async function submitPasswordLogin(context: LoginContext, values: PasswordValues): Promise<void> {
  const form = passwordForm(context);
  const problems = validatePasswordLogin(values);
  showErrors(form, problems);
  if (hasErrors(problems)) return;
  form.$formError.set(await passwordLogin(context, values));
}

// The forced change (AU00154) met after a sign-in proved a second factor (issue 31): a passkey, an
// authenticator code, or an authenticator just enrolled (the passkey and second-factor views call
// these; here, in the password view's module the page loads anyway, they cost no chunk of their
// own). The server answers with a one-time change ticket (contract MustChangeDetail) that stands for
// that factor, so the change dialog asks the passwords only and sends the ticket along. A passkey
// sign-in has no user name typed: it comes from the answer too.

/** AU00154 with its change ticket, when `error` is that answer. */
export function mustChangeAfterFactor(error: unknown): MustChangeDetail | null {
  const detail = (error as ApiCallError | null)?.data as Partial<MustChangeDetail> | null | undefined;
  return ageingCode(error) === RefusalCode.firstLogin && typeof detail?.username === 'string' && typeof detail.changeTicket === 'string'
    ? detail as MustChangeDetail : null;
}

/** 系统提示 as after a password sign-in; 确定 opens the change dialog with the ticket. */
export async function askToChangeAfterFactor(context: LoginContext, detail: MustChangeDetail): Promise<void> {
  context.$secondFactor.set(null);
  context.$view.set('password');
  context.$username.set(detail.username);
  if (!(await context.notices.confirm(FIRST_LOGIN))) return;
  context.$changePassword.set({ username: detail.username, reason: RefusalCode.firstLogin, changeTicket: detail.changeTicket });
}
