// Password login (default view): name + SM2-encrypted pwd; AU00153 / AU00154 handled by the store.
// The two credential inputs live in the light DOM (light-dom-credentials.tsx) so password managers
// see them; their values are read at submit time.
import { useCallback, useEffect, useLayoutEffect, useRef, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { passwordForm, submitPasswordLogin, validatePasswordLogin } from './password-store.ts';
import { setView } from '../login-context/login-store.ts';
import { FORGOT_PASSWORD } from '../forgot-password/forgot-password.messages.ts';
import { PASSWORD_LABEL, SIGN_IN, SIGNING_IN, USERNAME_LABEL } from '../sso-login.messages.ts';
import { BusyButton } from '../shared/busy-button.tsx';
import { LightField, useLightForm } from '../shared/light-dom-credentials.tsx';
import { FormErrors, useFormState } from '../shared/form-errors.tsx';
import { useLoginUi } from '../login-context/use-login.ts';
import { firstPaintSubmitPending } from '../first-paint/first-paint-takeover.ts';
import { PasskeyButton } from '../passkey/passkey-button.tsx';

export function PasswordForm() {
  const { context, hostElement } = useLoginUi();
  const busy = useStore(context.$busy).password ?? false;
  const username = useStore(context.$username);
  const form = passwordForm(context);
  const { errors, formError } = useFormState(form);
  // Stable: the passkey button's autofill restarts when its onError changes.
  const onPasskeyError = useCallback((message: string | null) => form.$formError.set(message), [form]);
  const passwordChanges = useStore(context.$passwordChanges);
  const formRef = useRef<HTMLFormElement | null>(null);
  const lightForm = useLightForm(hostElement, 'sso-password-login', formRef);
  const nameRef = useRef<HTMLInputElement | null>(null);
  const pwdRef = useRef<HTMLInputElement | null>(null);

  // A submit of the first paint (Enter, the button) before React was there signs in now: read
  // while the first paint is still there (this layout effect runs before SsoLogin's removes it),
  // run once the form is mounted and its inputs adopted.
  const submitFromFirstPaint = useRef(false);
  useLayoutEffect(() => {
    submitFromFirstPaint.current = firstPaintSubmitPending(hostElement());
  }, [hostElement]);
  useEffect(() => {
    if (!submitFromFirstPaint.current) return;
    submitFromFirstPaint.current = false;
    formRef.current?.requestSubmit();
  }, []);

  // After a password change the old password must not stay here: signing in with it would fail
  // and count toward the lockout. The field is emptied (the browser's manager offers the new one).
  useEffect(() => {
    if (passwordChanges > 0 && pwdRef.current) pwdRef.current.value = '';
  }, [passwordChanges]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = { name: nameRef.current?.value ?? '', pwd: pwdRef.current?.value ?? '' };
    const problems = validatePasswordLogin(values);
    await submitPasswordLogin(context, values);
    // An empty field: the focus goes to the first one (its error is announced as before), not left on 登录.
    (problems.name ? nameRef.current : problems.pwd ? pwdRef.current : null)?.focus();
  }

  return (
    <form className="sso-form" name="sso-password-login" method="post" noValidate onSubmit={onSubmit} ref={formRef}>
      <LightField host={hostElement} form={lightForm} inputRef={nameRef} label={USERNAME_LABEL} name="name" autoComplete="username webauthn" defaultValue={username} error={errors.name} autoCapitalize="none" spellCheck={false} />
      <LightField host={hostElement} form={lightForm} inputRef={pwdRef} label={PASSWORD_LABEL} name="pwd" type="password" autoComplete="current-password" error={errors.pwd} />
      <div className="sso-form__aside">
        <PasskeyButton onError={onPasskeyError} />
        <button type="button" className="sso-button sso-button--link sso-forgot-link" onClick={() => setView(context, 'forgot')}>
          {FORGOT_PASSWORD}
        </button>
      </div>
      <FormErrors formError={formError} fieldErrors={errors} />
      <BusyButton type="submit" busy={busy} label={SIGN_IN} busyLabel={SIGNING_IN} />
    </form>
  );
}
