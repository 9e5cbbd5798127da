// 重置密码: a new password the account must change at its next sign-in; its sessions and app
// sign-ins end.
import { useRef, useState, type FormEvent } from 'react';
import type { ConsoleAccount } from '../../contract/endpoints/console.ts';
import * as RefusalCode from '../../contract/refusal-codes.ts';
import { api, encryptPassword, errorText, refusalCode } from './console-api.ts';
import { useAction } from './use-action.ts';
import { Modal } from './modal.tsx';
import { Field } from './field.tsx';
import { BusyButton } from './busy-button.tsx';
import { FormError, firstInvalidField, type FieldErrors } from './form-error.tsx';
import { useFocusAfterRender } from './use-focus-after-render.ts';
import { newPasswordErrors } from './password-fields.ts';
import { PASSWORD_RULE_HINT } from '../../contract/rules/password.ts';
import { ResetPasswordText as T } from './accounts.messages.ts';

export function ResetPasswordDialog({ account, onDone, onClose }: { account: ConsoleAccount; onDone(account: ConsoleAccount): void; onClose(): void }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAction();
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = newPasswordErrors({ password, confirm, username: account.username, phone: account.phone });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      action.setError(null);
      focusAfterRender(() => firstInvalidField(formRef.current));
      return;
    }
    const changed = await action.run(
      async () => api.post('/console/accounts/reset-password', { json: { username: account.username, password: await encryptPassword(password) }, quiet: true }),
      (error) => {
        if (refusalCode(error) !== RefusalCode.weakPassword) return false;
        setErrors({ password: errorText(error) ?? '' });
        focusAfterRender(() => firstInvalidField(formRef.current));
        return true;
      },
    );
    if (changed) onDone(changed);
  }

  return (
    <Modal title={T.title(account.username)} busy={action.busy} onClose={onClose}>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <p className="modal__text">{T.intro}</p>
        <Field label={T.password} error={errors.password} required hint={PASSWORD_RULE_HINT}>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} autoFocus />}
        </Field>
        <Field label={T.confirm} error={errors.confirm} required>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} />}
        </Field>
        <FormError text={action.error} fieldErrors={errors} />
        <div className="modal__actions">
          <button type="button" className="btn btn--plain" disabled={action.busy} onClick={onClose}>{T.cancel}</button>
          <BusyButton type="submit" variant="primary" busy={action.busy} busyLabel={T.resetting}>{T.reset}</BusyButton>
        </div>
      </form>
    </Modal>
  );
}
