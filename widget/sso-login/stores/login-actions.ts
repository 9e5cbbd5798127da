// Page load, password login, mobile login and sign-out (spec sections 2 and 4).
import type { PasswordAgedDetail } from '../../../contract/endpoints/auth.ts';
import { ApiCallError } from '../../core/request.ts';
import { navigate } from '../../core/navigate.ts';
import {
  FIRST_LOGIN,
  PASSWORD_AGED,
  REQUIRED_PASSWORD,
  REQUIRED_PHONE,
  REQUIRED_SMS_CODE,
  REQUIRED_USERNAME,
} from '../../core/messages.ts';
import { validatePhone } from '../../core/validators.ts';
import { storePasswordCredential } from '../../core/password-credential.ts';
import {
  emitLoginError, guarded, loadClientGroup, loginExtras, reportFailure, type FieldErrors, type LoginContext,
} from './login-store.ts';
import { completeSignIn, HOME, signInDestination } from './sign-in-success.ts';
import { sendSmsCode } from './send-sms-code.ts';
import { runCodeLogin } from './code-login.ts';
import { startSecondFactor } from './second-factor-step.ts';

/**
 * On load: redirect mode logs in by code; the sign-out flag shows the logout view and nothing more
 * (a link or an image on another site must not end a session: only its button signs out); a
 * logged-in user goes to /home.
 */
export async function startLoginPage(context: LoginContext): Promise<void> {
  const { params, client } = context;
  if (params.isRedirectSelf) {
    // Redirect mode wears its group's brand too, also when a parameter is missing and the code
    // login stops before it needs the group.
    const group = loadClientGroup(context);
    await runCodeLogin(context, group);
    await group;
    return;
  }
  const group = loadClientGroup(context);
  if (params.isSignout) {
    await group;
    return;
  }
  const loggedIn = await client.get('/centerAuth/sso/isLogin', { quiet: true }).catch(() => false);
  await group;
  if (loggedIn) completeSignIn(context, HOME);
}

/**
 * 退出登录, the logout view's button: the sign-out call (the server ends the session and signs out
 * of every app: single logout); then the view says 您已退出登录 and its button leads back to the
 * login box. A failure says so and the button tries again.
 */
export async function signOutFromView(context: LoginContext): Promise<void> {
  await guarded(context, 'signOut', async () => {
    try {
      const answer = await context.client.get('/centerAuth/sso/signout', { params: { from: context.params.from ?? undefined } });
      context.$signOut.set('done');
      // Apps only the browser can sign out (SAML front channel): the portal walks them, then says 您已退出登录.
      if (answer?.logoutChain) navigate(answer.logoutChain);
    } catch (error) {
      context.$signOut.set('failed');
      emitLoginError(context, error);
    }
  });
}

export function validatePasswordLogin(values: { name: string; pwd: string }): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.name.trim()) errors.name = REQUIRED_USERNAME;
  if (!values.pwd) errors.pwd = REQUIRED_PASSWORD;
  return errors;
}

const AGEING_MESSAGES = { AU00153: PASSWORD_AGED, AU00154: FIRST_LOGIN } as const;

function ageingCode(error: ApiCallError): 'AU00153' | 'AU00154' | null {
  const code = String(error.errorCode ?? error.code);
  return code === 'AU00153' || code === 'AU00154' ? code : null;
}

/**
 * Password login; AU00153 / AU00154 ask to change the password first (spec section 4). Returns the
 * error the form shows in place (wrong password, a locked account with its minutes), else null.
 */
export async function passwordLogin(context: LoginContext, values: { name: string; pwd: string }): Promise<string | null> {
  const name = values.name.trim();
  let formError: string | null = null;
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
      const apiError = error instanceof ApiCallError ? ageingCode(error) : null;
      if (!apiError) {
        formError = emitLoginError(context, error).message;
        return;
      }
      emitLoginError(context, error);
      context.$username.set(name);
      const confirmed = await context.notices.confirm(AGEING_MESSAGES[apiError]);
      if (!confirmed) return;
      const aged = apiError === 'AU00153' ? agedDetail((error as ApiCallError).data) : undefined;
      context.$changePassword.set({
        username: name,
        reason: apiError,
        ...(aged ? { aged } : {}),
        // Offered only while the server says the grace lasts; the server checks again anyway.
        ...(aged?.postponeUntil ? { postpone: () => postponedLogin(context, { name, pwd: values.pwd }) } : {}),
      });
    }
  });
  return formError;
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
async function postponedLogin(context: LoginContext, values: { name: string; pwd: string }): Promise<void> {
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

export async function sendMobileLoginCode(context: LoginContext, phone: string): Promise<FieldErrors> {
  const trimmed = phone.trim();
  const problem = trimmed ? validatePhone(trimmed) : REQUIRED_PHONE;
  if (problem) return { phone: problem };
  return sendSmsCode(context, {
    busyKey: 'mobileCode', countdown: context.mobileCountdown, codeField: 'code',
    request: () => context.client.get('/centerAuth/msg/login/send', { params: { phone: trimmed }, quiet: true }),
  });
}

export function validateMobileLogin(values: { phone: string; code: string }): FieldErrors {
  const errors: FieldErrors = {};
  const phone = values.phone.trim();
  const phoneProblem = phone ? validatePhone(phone) : REQUIRED_PHONE;
  if (phoneProblem) errors.phone = phoneProblem;
  if (!values.code.trim()) errors.code = REQUIRED_SMS_CODE;
  return errors;
}

/** Mobile login; returns the error the form shows in place (a wrong or used-up code), else null. */
export async function mobileLogin(context: LoginContext, values: { phone: string; code: string }): Promise<string | null> {
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
