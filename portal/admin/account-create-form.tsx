// 新建账号: username, phone (optional), staff or dealer, a first password (sent SM2-encrypted; the
// account changes it at its first sign-in), groups.
import { useRef, useState, type FormEvent } from 'react';
import type { ConsoleAccount } from '../../contract/endpoints/console.ts';
import { USERNAME_MAX_LENGTH, USERNAME_PATTERN } from '../../contract/rules/username.ts';
import * as RefusalCode from '../../contract/refusal-codes.ts';
import { validatePhone } from '../../widget/core/validators.ts';
import { api, confirmAction, encryptPassword, errorText, refusalCode } from './console-api.ts';
import { useAction } from './use-action.ts';
import { Field } from './field.tsx';
import { BusyButton } from './busy-button.tsx';
import { FormError, firstInvalidField, type FieldErrors } from './form-error.tsx';
import { useFocusAfterRender } from './use-focus-after-render.ts';
import { GroupCheckboxes } from './group-checkboxes.tsx';
import { newPasswordErrors } from './password-fields.ts';
import { PASSWORD_RULE_HINT } from '../../contract/rules/password.ts';
import { AccountCreateText as T, KIND_NAMES } from './accounts.messages.ts';

export function AccountCreateForm({ onCreated, onCancel }: { onCreated(account: ConsoleAccount): void; onCancel(): void }) {
  const [username, setUsername] = useState('');
  const [phone, setPhone] = useState('');
  const [kind, setKind] = useState<'staff' | 'dealer'>('staff');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [groups, setGroups] = useState<string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAction();
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!username) found.username = T.requiredUsername;
    else if (!USERNAME_PATTERN.test(username)) found.username = T.badUsername(USERNAME_MAX_LENGTH);
    if (phone.trim()) {
      const problem = validatePhone(phone);
      if (problem) found.phone = problem;
    }
    Object.assign(found, newPasswordErrors({ password, confirm, username, phone: phone.trim() || null }));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      action.setError(null);
      focusAfterRender(() => firstInvalidField(formRef.current));
      return;
    }
    // Allowed (groups can be given later), but such an account sees no app after signing in.
    if (groups.length === 0 && !(await confirmAction(T.noGroupConfirm, T.createAnyway))) return;
    const account = await action.run(
      async () => api.post('/console/accounts/create', {
        json: { username, phone: phone.trim() || null, kind, password: await encryptPassword(password), groups },
        quiet: true,
      }),
      (error) => {
        const code = refusalCode(error);
        const at = code === RefusalCode.weakPassword ? 'password'
          : code === RefusalCode.usernameTaken || code === RefusalCode.identifierTaken ? 'username' : code === RefusalCode.phoneTaken ? 'phone' : null;
        if (!at) return false;
        setErrors({ [at]: errorText(error) ?? '' });
        focusAfterRender(() => firstInvalidField(formRef.current));
        return true;
      },
    );
    if (account) onCreated(account);
  }

  return (
    <form ref={formRef} className="form panel" onSubmit={submit} noValidate aria-labelledby="account-form-title">
      <h3 id="account-form-title" tabIndex={-1}>{T.title}</h3>
      <div className="form__grid">
        <Field label={T.username} error={errors.username} required hint={T.usernameHint}>
          {(control) => <input {...control} autoComplete="off" maxLength={USERNAME_MAX_LENGTH} value={username} onChange={(event) => setUsername(event.target.value)} />}
        </Field>
        <Field label={T.phone} error={errors.phone} hint={T.phoneHint}>
          {(control) => <input {...control} type="tel" inputMode="numeric" autoComplete="off" maxLength={11} value={phone} onChange={(event) => setPhone(event.target.value)} />}
        </Field>
        <Field label={T.password} error={errors.password} required hint={T.passwordHint(PASSWORD_RULE_HINT)}>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />}
        </Field>
        <Field label={T.confirm} error={errors.confirm} required>
          {(control) => <input {...control} type="password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} />}
        </Field>
      </div>
      <fieldset className="choices">
        <legend>{T.kind}</legend>
        <label className="check"><input type="radio" name="account-kind" checked={kind === 'staff'} onChange={() => setKind('staff')} />{KIND_NAMES.staff}</label>
        <label className="check"><input type="radio" name="account-kind" checked={kind === 'dealer'} onChange={() => setKind('dealer')} />{KIND_NAMES.dealer}</label>
      </fieldset>
      <GroupCheckboxes legend={T.groups} selected={groups} onChange={setGroups} />
      <FormError text={action.error} fieldErrors={errors} />
      <div className="form__actions">
        <BusyButton type="submit" variant="primary" busy={action.busy} busyLabel={T.creating}>{T.create}</BusyButton>
        <button type="button" className="btn btn--plain" onClick={onCancel} disabled={action.busy}>{T.cancel}</button>
      </div>
    </form>
  );
}
