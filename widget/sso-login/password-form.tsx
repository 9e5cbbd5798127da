// Password login (default view): name + SM2-encrypted pwd; AU00153 / AU00154 handled by the store.
import { useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { passwordLogin, validatePasswordLogin } from '../stores/login-actions.ts';
import type { FieldErrors } from '../stores/login-store.ts';
import { PASSWORD_LABEL, SIGN_IN, SIGNING_IN, USERNAME_LABEL } from '../core/messages.ts';
import { BusyButton } from './busy-button.tsx';
import { Field, formValues } from './field.tsx';
import { useLoginUi } from './use-login.ts';

export function PasswordForm() {
  const { context } = useLoginUi();
  const busy = useStore(context.$busy).password ?? false;
  const username = useStore(context.$username);
  const [errors, setErrors] = useState<FieldErrors>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget, ['name', 'pwd'] as const);
    const problems = validatePasswordLogin(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    await passwordLogin(context, values);
  }

  return (
    <form className="sso-form" name="sso-password-login" method="post" noValidate onSubmit={onSubmit} key={username}>
      <Field label={USERNAME_LABEL} name="name" autoComplete="username" defaultValue={username} error={errors.name} autoCapitalize="none" spellCheck={false} />
      <Field label={PASSWORD_LABEL} name="pwd" type="password" autoComplete="current-password" error={errors.pwd} />
      <BusyButton type="submit" busy={busy} label={SIGN_IN} busyLabel={SIGNING_IN} />
    </form>
  );
}
