// 请再次输入密码: asked when a change needs a fresh console session (403 AU00602); after
// POST /console/session/reauth the waiting call is sent again once.
import { useRef, useState, type FormEvent } from 'react';
import { ConsoleRefusal } from '../../contract/errors.ts';
import { api, encryptPassword } from './console-api.ts';
import { finishReauth, signedIn } from './session-store.ts';
import { useAction } from './use-action.ts';
import { Modal } from './modal.tsx';
import { Field } from './field.tsx';
import { BusyButton } from './busy-button.tsx';
import { FormError, firstInvalidField, type FieldErrors } from './form-error.tsx';
import { useFocusAfterRender } from './use-focus-after-render.ts';
import { ConsoleText, ReauthText } from './console.messages.ts';

export function ReauthDialog() {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAction();
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setErrors({ password: ReauthText.required });
      focusAfterRender(() => firstInvalidField(formRef.current));
      return;
    }
    setErrors({});
    const me = await action.run(async () => api.post('/console/session/reauth', { json: { password: await encryptPassword(password) }, quiet: true }));
    if (me) {
      signedIn(me);
      finishReauth(true);
    }
  }

  return (
    <Modal title={ReauthText.title} busy={action.busy} onClose={() => finishReauth(false)}>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <p className="modal__text">{ConsoleRefusal.reauthRequired[1]}{ReauthText.afterRefusal}</p>
        <Field label={ReauthText.password} error={errors.password} required>
          {(control) => <input {...control} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} autoFocus />}
        </Field>
        <FormError text={action.error} fieldErrors={errors} />
        <div className="modal__actions">
          <button type="button" className="btn btn--plain" disabled={action.busy} onClick={() => finishReauth(false)}>{ConsoleText.cancel}</button>
          <BusyButton type="submit" variant="primary" busy={action.busy} busyLabel={ReauthText.confirming}>{ReauthText.confirm}</BusyButton>
        </div>
      </form>
    </Modal>
  );
}
