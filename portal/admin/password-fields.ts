// The checks a new password gets before it is sent (the server checks it again, dictionaries
// included, and answers AU00103 with the reason, which the form shows at the password field).
import { ownerProblem } from '../../contract/rules/password.ts';
import type { FieldErrors } from './form-error.tsx';
import { NewPasswordText } from './console.messages.ts';

export function newPasswordErrors(values: { password: string; confirm: string; username: string; phone?: string | null }): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.password) errors.password = NewPasswordText.required;
  else {
    const problem = ownerProblem(values.password, { username: values.username, phone: values.phone ?? null });
    if (problem) errors.password = problem;
  }
  if (!values.confirm) errors.confirm = NewPasswordText.requiredConfirm;
  else if (values.password && values.confirm !== values.password) errors.confirm = NewPasswordText.differ;
  return errors;
}
