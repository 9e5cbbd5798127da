// /admin/setup?token=…: the first start. The link from the server's start-up log creates the first
// administrator (POST /console/setup), who is then signed into the console.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ConsoleRefusal } from '../../contract/errors.ts';
import * as RefusalCode from '../../contract/refusal-codes.ts';
import { USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '../../contract/rules/username.ts';
import { api, encryptPassword, errorText, refusalCode } from './console-api.ts';
import { signedIn } from './session-store.ts';
import { useAction } from './use-action.ts';
import { Field } from './field.tsx';
import { BusyButton } from './busy-button.tsx';
import { FormError, firstInvalidField, type FieldErrors } from './form-error.tsx';
import { useFocusAfterRender } from './use-focus-after-render.ts';
import { newPasswordErrors } from './password-fields.ts';
import { PASSWORD_RULE_HINT } from '../../contract/rules/password.ts';
import { ConsoleText, PRODUCT, SetupText } from './console.messages.ts';

type LinkState = 'checking' | 'valid' | 'invalid' | { failed: string };

export function SetupPage({ token, onDone }: { token: string; onDone(): void }) {
  const [link, setLink] = useState<LinkState>(token ? 'checking' : 'invalid');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let current = true;
    setLink('checking');
    api.get('/console/setup/state', { params: { token }, quiet: true }).then(
      (state) => current && setLink(state.valid ? 'valid' : 'invalid'),
      (error) => current && setLink(refusalCode(error) === ConsoleRefusal.setupLinkInvalid[0] ? 'invalid' : { failed: errorText(error) ?? '' }),
    );
    return () => {
      current = false;
    };
  }, [token, attempt]);

  return (
    <div className="setup-page card">
      <h1 className="page-title">{PRODUCT}</h1>
      <h2>{SetupText.heading}</h2>
      {link === 'checking' ? <p role="status">{SetupText.checking}</p> : null}
      {link === 'invalid' ? <p className="notice notice--error" role="alert">{ConsoleRefusal.setupLinkInvalid[1]}</p> : null}
      {typeof link === 'object' ? (
        <div className="notice notice--error" role="alert">
          <p>{link.failed}</p>
          <button type="button" className="btn btn--plain" onClick={() => setAttempt((n) => n + 1)}>{ConsoleText.retry}</button>
        </div>
      ) : null}
      {link === 'valid' ? <SetupForm token={token} onDone={onDone} onLinkInvalid={() => setLink('invalid')} /> : null}
    </div>
  );
}

function SetupForm({ token, onDone, onLinkInvalid }: { token: string; onDone(): void; onLinkInvalid(): void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAction({ plain: true });
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!username) found.username = SetupText.requiredUsername;
    else if (!USERNAME_PATTERN.test(username)) found.username = SetupText.badUsername(USERNAME_MAX_LENGTH);
    Object.assign(found, newPasswordErrors({ password, confirm, username }));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      action.setError(null);
      focusAfterRender(() => firstInvalidField(formRef.current));
      return;
    }
    const me = await action.run(
      async () => api.post('/console/setup', {
        json: { token, username, password: await encryptPassword(password), confirmPassword: await encryptPassword(confirm) },
        quiet: true,
      }),
      (error) => {
        const code = refusalCode(error);
        if (code === RefusalCode.weakPassword || code === RefusalCode.confirmMismatch) {
          setErrors({ [code === RefusalCode.weakPassword ? 'password' : 'confirm']: errorText(error) ?? '' });
          focusAfterRender(() => firstInvalidField(formRef.current));
          return true;
        }
        if (code === ConsoleRefusal.setupLinkInvalid[0]) {
          onLinkInvalid();
          return true;
        }
        return false;
      },
    );
    if (me) {
      signedIn(me);
      onDone();
    }
  }

  return (
    <form ref={formRef} className="form" onSubmit={submit} noValidate aria-label={SetupText.form}>
      <Field label={SetupText.username} error={errors.username} hint={SetupText.usernameHint} required>
        {(control) => <input {...control} name="username" autoComplete="username" maxLength={USERNAME_MAX_LENGTH} value={username} onChange={(event) => setUsername(event.target.value)} />}
      </Field>
      <Field label={SetupText.password} error={errors.password} hint={PASSWORD_RULE_HINT} required>
        {(control) => <input {...control} name="password" type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
      </Field>
      <Field label={SetupText.confirm} error={errors.confirm} required>
        {(control) => <input {...control} name="confirmPassword" type="password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} />}
      </Field>
      <FormError text={action.error} fieldErrors={errors} />
      <div className="form__actions">
        <BusyButton type="submit" variant="primary" busy={action.busy} busyLabel={SetupText.creating}>{SetupText.create}</BusyButton>
      </div>
    </form>
  );
}
