// 修改密码: the current password and the new one twice (SM2-encrypted like the login page). A
// change ends every session of the account, this one too: the page then goes to the login page.
import { useState, type FormEvent } from 'react';
import { BusyButton } from '../admin/busy-button.tsx';
import { Field } from '../admin/field.tsx';
import { FormError, firstInvalidField, type FieldErrors } from '../admin/form-error.tsx';
import { useFocusAfterRender } from '../admin/use-focus-after-render.ts';
import { api, encryptPassword } from './account-api.ts';
import { useCall } from './use-call.ts';
import { PASSWORD_RULE_HINT } from '../../contract/rules/password.ts';
import { PasswordText as T } from './account.messages.ts';

export function PasswordSection({ username }: { username: string }) {
  const [values, setValues] = useState({ oldPassword: '', newPassword: '', confirmPassword: '' });
  const focusAfterRender = useFocusAfterRender();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);
  const call = useCall();
  const set = (name: keyof typeof values, value: string) => setValues((v) => ({ ...v, [name]: value }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: FieldErrors = {};
    if (!values.oldPassword) problems.oldPassword = T.requiredCurrent;
    if (!values.newPassword) problems.newPassword = T.requiredNew;
    if (values.confirmPassword !== values.newPassword) problems.confirmPassword = T.differ;
    setErrors(problems);
    // The answer of an earlier try (当前密码错误 …) is stale now: the fields' errors replace it.
    call.setError(null);
    if (Object.keys(problems).length > 0) {
      const form = event.currentTarget;
      focusAfterRender(() => firstInvalidField(form));
      return;
    }
    const changed = await call.run(async () => {
      await api.post('/centerAuth/user/changePassword', {
        json: {
          userName: username,
          oldPassword: await encryptPassword(values.oldPassword),
          newPassword: await encryptPassword(values.newPassword),
          confirmPassword: await encryptPassword(values.confirmPassword),
        },
        quiet: true,
      });
      return true;
    });
    if (changed) {
      setDone(true);
      window.setTimeout(() => window.location.assign('/'), 2500);
    }
  }

  return (
    <section className="account-card" aria-labelledby="account-password">
      <h2 id="account-password">{T.heading}</h2>
      {done ? <p role="status" className="account-ok">{T.changed}</p> : (
        <form className="account-form" noValidate onSubmit={submit}>
          <Field label={T.current} error={errors.oldPassword}>{(c) => <input {...c} type="password" autoComplete="current-password" value={values.oldPassword} onChange={(e) => set('oldPassword', e.target.value)} />}</Field>
          <Field label={T.new} error={errors.newPassword} hint={PASSWORD_RULE_HINT}>{(c) => <input {...c} type="password" autoComplete="new-password" value={values.newPassword} onChange={(e) => set('newPassword', e.target.value)} />}</Field>
          <Field label={T.confirm} error={errors.confirmPassword}>{(c) => <input {...c} type="password" autoComplete="new-password" value={values.confirmPassword} onChange={(e) => set('confirmPassword', e.target.value)} />}</Field>
          <FormError text={call.error} fieldErrors={errors} />
          <div className="account-actions"><BusyButton type="submit" variant="primary" busy={call.busy} busyLabel={T.changing}>{T.change}</BusyButton></div>
        </form>
      )}
    </section>
  );
}
