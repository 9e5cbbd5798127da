// 轮换密钥: a new secret for a confidential client; the old one keeps working for the chosen grace
// minutes (default 60; 0 ends it at once). Asks for the password again when the session is older
// than 5 minutes (consoleCall).
import { useRef, useState, type FormEvent } from 'react';
import type { SavedClient } from '../../contract/endpoints/console.ts';
import { api } from './console-api.ts';
import { useAction } from './use-action.ts';
import { Modal } from './modal.tsx';
import { Field } from './field.tsx';
import { BusyButton } from './busy-button.tsx';
import { FormError, firstInvalidField, type FieldErrors } from './form-error.tsx';
import { useFocusAfterRender } from './use-focus-after-render.ts';
import { RotateSecretText as T } from './clients.messages.ts';

export const MAX_GRACE_MINUTES = 10_080;

export function RotateSecretDialog({ clientId, onRotated, onClose }: { clientId: string; onRotated(saved: SavedClient): void; onClose(): void }) {
  const [grace, setGrace] = useState('60');
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAction();
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const minutes = Number(grace);
    if (grace.trim() === '' || !Number.isInteger(minutes) || minutes < 0 || minutes > MAX_GRACE_MINUTES) {
      setErrors({ grace: T.badGrace(MAX_GRACE_MINUTES) });
      focusAfterRender(() => firstInvalidField(formRef.current));
      return;
    }
    setErrors({});
    const saved = await action.run(() => api.post('/console/clients/rotate-secret', { json: { clientId, graceMinutes: minutes }, quiet: true }));
    if (saved) onRotated(saved);
  }

  return (
    <Modal title={T.title(clientId)} busy={action.busy} onClose={onClose}>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <p className="modal__text">{T.intro}</p>
        <Field label={T.grace} error={errors.grace} hint={T.graceHint}>
          {(control) => <input {...control} type="number" inputMode="numeric" min={0} max={MAX_GRACE_MINUTES} step={1} value={grace} onChange={(event) => setGrace(event.target.value)} autoFocus />}
        </Field>
        <FormError text={action.error} fieldErrors={errors} />
        <div className="modal__actions">
          <button type="button" className="btn btn--plain" disabled={action.busy} onClick={onClose}>{T.cancel}</button>
          <BusyButton type="submit" variant="primary" busy={action.busy} busyLabel={T.rotating}>{T.rotate}</BusyButton>
        </div>
      </form>
    </Modal>
  );
}
