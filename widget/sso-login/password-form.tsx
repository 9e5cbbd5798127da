// Password login (default view): name + SM2-encrypted pwd; AU00153 / AU00154 handled by the store.
// The two credential inputs live in the light DOM (light-dom-credentials.tsx) so password managers
// see them; their values are read at submit time.
import { useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { passwordLogin, validatePasswordLogin } from './stores/login-actions.ts';
import { setView, type FieldErrors } from './stores/login-store.ts';
import { FORGOT_PASSWORD } from './forgot-password.messages.ts';
import { PASSWORD_LABEL, SIGN_IN, SIGNING_IN, USERNAME_LABEL } from '../core/messages.ts';
import { BusyButton } from './busy-button.tsx';
import { LightField } from './light-dom-credentials.tsx';
import { useLoginUi } from './use-login.ts';

export function PasswordForm() {
  const { context, hostElement } = useLoginUi();
  const busy = useStore(context.$busy).password ?? false;
  const username = useStore(context.$username);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement | null>(null);
  const nameRef = useRef<HTMLInputElement | null>(null);
  const pwdRef = useRef<HTMLInputElement | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { name: nameRef.current?.value ?? '', pwd: pwdRef.current?.value ?? '' };
    const problems = validatePasswordLogin(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    await passwordLogin(context, values);
  }

  return (
    <form className="sso-form" name="sso-password-login" method="post" noValidate onSubmit={onSubmit} ref={formRef}>
      <LightField host={hostElement} form={formRef} inputRef={nameRef} label={USERNAME_LABEL} name="name" autoComplete="username" defaultValue={username} error={errors.name} autoCapitalize="none" spellCheck={false} />
      <LightField host={hostElement} form={formRef} inputRef={pwdRef} label={PASSWORD_LABEL} name="pwd" type="password" autoComplete="current-password" error={errors.pwd} />
      <div className="sso-form__aside">
        <button type="button" className="sso-button sso-button--link sso-forgot-link" onClick={() => setView(context, 'forgot')}>
          {FORGOT_PASSWORD}
        </button>
      </div>
      <BusyButton type="submit" busy={busy} label={SIGN_IN} busyLabel={SIGNING_IN} />
    </form>
  );
}
