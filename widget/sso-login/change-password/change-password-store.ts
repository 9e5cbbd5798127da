// The change-password dialog opened after AU00153 / AU00154 (spec sections 3 and 4): three
// passwords, all SM2-encrypted; afterwards the user signs in with the new one.
import { storePasswordCredential } from '../../core/password-credential.ts';
import { NEW_PASSWORD_SAME, PASSWORD_CHANGED, REQUIRED_OLD_PASSWORD } from './change-password.messages.ts';
import { PASSWORDS_DIFFER, REQUIRED_CONFIRM_PASSWORD, REQUIRED_NEW_PASSWORD } from '../sso-login.messages.ts';
import { emitLoginError, guarded, type FieldErrors, type LoginContext } from '../login-context/login-store.ts';
import { formState, hasErrors, showErrors, type FormState } from '../shared/form-state.ts';
import { ApiCallError } from '../../core/request.ts';
import * as RefusalCode from '../../../contract/refusal-codes.ts';
import { SECOND_FACTOR_CODE_REQUIRED as REQUIRED_CODE } from '../../../contract/messages.ts';

export interface ChangePasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
  /** The authenticator's code, once the server asked for it (AU00170: the account has an app). */
  code?: string;
}

export function validateChangePassword(values: ChangePasswordValues): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.oldPassword) errors.oldPassword = REQUIRED_OLD_PASSWORD;
  if (!values.newPassword) errors.newPassword = REQUIRED_NEW_PASSWORD;
  else if (values.newPassword === values.oldPassword) errors.newPassword = NEW_PASSWORD_SAME;
  if (!values.confirmPassword) errors.confirmPassword = REQUIRED_CONFIRM_PASSWORD;
  else if (values.newPassword && values.confirmPassword !== values.newPassword) errors.confirmPassword = PASSWORDS_DIFFER;
  if (values.code !== undefined && !/^[0-9]{6}$/.test(values.code.trim())) errors.code = REQUIRED_CODE;
  return errors;
}

/** What a change ended with: changed (the dialog closes), or the server's reason, shown in the dialog. */
export type ChangePasswordOutcome = { changed: true } | { changed: false; error: string | null; codeAsked?: true };

export async function changePassword(context: LoginContext, values: ChangePasswordValues): Promise<ChangePasswordOutcome> {
  const request = context.$changePassword.get();
  if (!request) return { changed: false, error: null };
  const result = await guarded(context, 'changePassword', async (): Promise<ChangePasswordOutcome> => {
    try {
      const [oldPassword, newPassword, confirmPassword] = await Promise.all([
        context.encryptPassword(values.oldPassword),
        context.encryptPassword(values.newPassword),
        context.encryptPassword(values.confirmPassword),
      ]);
      await context.client.post('/centerAuth/user/changePassword', {
        json: {
          userName: request.username, oldPassword, newPassword, confirmPassword,
          ...(values.code === undefined ? {} : { code: values.code.trim() }),
          // Absent (undefined) unless the dialog was opened after a second factor: JSON leaves it out.
          changeTicket: request.changeTicket,
        },
        // The dialog shows the reason itself: a toast would sit under the modal's backdrop.
        quiet: true,
      });
      await storePasswordCredential(request.username, values.newPassword);
      context.$changePassword.set(null);
      context.$username.set(request.username);
      context.$passwordChanges.set(context.$passwordChanges.get() + 1);
      context.$view.set('password');
      context.notices.toast('success', PASSWORD_CHANGED);
      return { changed: true };
    } catch (error) {
      // An account with an authenticator app changes its password with its code too (issue 31):
      // the dialog then shows the code field, and the same call goes again with the code.
      if (error instanceof ApiCallError && String(error.errorCode ?? error.code) === RefusalCode.secondFactorRequired) {
        return { changed: false, error: error.message, codeAsked: true };
      }
      return { changed: false, error: emitLoginError(context, error).message };
    }
  });
  return result ?? { changed: false, error: null };
}

export function cancelChangePassword(context: LoginContext): void {
  context.$changePassword.set(null);
}

export const changePasswordForm = (context: LoginContext): FormState => formState(context, 'changePassword');

/**
 * The dialog's submit: checks the three fields, then changes the password. The server's reason (a
 * wrong old password, a weak new one, a locked account) stays in the dialog, in the form's store.
 */
export async function submitChangePassword(context: LoginContext, values: ChangePasswordValues): Promise<'code-asked' | void> {
  const form = changePasswordForm(context);
  const problems = validateChangePassword(values);
  showErrors(form, problems);
  if (hasErrors(problems)) return;
  const outcome = await changePassword(context, values);
  if (!outcome.changed) form.$formError.set(outcome.error);
  if (!outcome.changed && outcome.codeAsked) return 'code-asked';
}
