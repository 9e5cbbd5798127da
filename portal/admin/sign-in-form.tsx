// The console's sign-in: 用户名, 密码, 登录. On the page when nobody is signed in, and in a dialog
// over the console when the session lapsed (the console's forms keep what was typed meanwhile).
// An account with a second factor then takes the second step (sign-in-second-factor.tsx).
import { useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { LOGIN_NAME_MAX_LENGTH } from '../../contract/rules/username.ts';
import { api, encryptPassword } from './console-api.ts';
import { $lastUsername, signedIn } from './session-store.ts';
import { useAction } from './use-action.ts';
import { Field } from './field.tsx';
import { BusyButton } from './busy-button.tsx';
import { FormError, firstInvalidField, type FieldErrors } from './form-error.tsx';
import { useFocusAfterRender } from './use-focus-after-render.ts';
import { SignInSecondFactor, consoleMfaStepOf, type ConsoleMfaStep } from './sign-in-second-factor.tsx';
import type { ConsoleMe } from '../../contract/endpoints/console.ts';
import { SignInText } from './console.messages.ts';

interface SignInFormProps {
  /** Called after a successful sign-in (the session store already knows the administrator). */
  onSignedIn?(): void;
  /** A second button (the dialog's 退出登录). */
  extra?: React.ReactNode;
}

export function SignInForm({ onSignedIn, extra }: SignInFormProps) {
  const [username, setUsername] = useState(useStore($lastUsername));
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [secondFactor, setSecondFactor] = useState<ConsoleMfaStep | null>(null);
  const action = useAction({ plain: true });
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!username.trim()) found.username = SignInText.requiredUsername;
    if (!password) found.password = SignInText.requiredPassword;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      action.setError(null);
      focusAfterRender(() => firstInvalidField(formRef.current));
      return;
    }
    const me = await action.run(async () =>
      api.post('/console/session', { json: { username: username.trim(), password: await encryptPassword(password) }, quiet: true }),
    (error) => {
      // The right password of an account with a second factor: its step, as on the login page.
      const step = consoleMfaStepOf(error);
      if (step) {
        setPassword('');
        setSecondFactor(step);
      }
      return step !== null;
    });
    if (me) done(me);
  }

  function done(me: ConsoleMe) {
    setPassword('');
    setSecondFactor(null);
    signedIn(me);
    onSignedIn?.();
  }

  if (secondFactor) {
    return <SignInSecondFactor step={secondFactor} onDone={done} onBack={() => setSecondFactor(null)} />;
  }

  return (
    <form ref={formRef} className="form sign-in-form" onSubmit={submit} noValidate aria-label={SignInText.form}>
      <Field label={SignInText.username} error={errors.username} required>
        {(control) => (
          <input {...control} name="username" autoComplete="username" maxLength={LOGIN_NAME_MAX_LENGTH} value={username} onChange={(event) => setUsername(event.target.value)} />
        )}
      </Field>
      <Field label={SignInText.password} error={errors.password} required>
        {(control) => (
          <input {...control} name="password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        )}
      </Field>
      <FormError text={action.error} fieldErrors={errors} />
      <div className="form__actions">
        <BusyButton type="submit" variant="primary" busy={action.busy} busyLabel={SignInText.signingIn}>{SignInText.signIn}</BusyButton>
        {extra}
      </div>
    </form>
  );
}
