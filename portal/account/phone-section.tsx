// 更换手机号: a code goes to the new phone (60 s before another), and the code proves it.
import { useEffect, useState, type FormEvent } from 'react';
import { BusyButton } from '../admin/busy-button.tsx';
import { Field } from '../admin/field.tsx';
import { FormError, firstInvalidField, type FieldErrors } from '../admin/form-error.tsx';
import { useFocusAfterRender } from '../admin/use-focus-after-render.ts';
import { MOBILE_PATTERN } from '../../contract/rules/phone.ts';
import { api } from './account-api.ts';
import { useCall } from './use-call.ts';
import { PhoneText as T } from './account.messages.ts';

export function PhoneSection({ phone, onChanged }: { phone: string | null; onChanged(phone: string): void }) {
  const [newPhone, setNewPhone] = useState('');
  const focusAfterRender = useFocusAfterRender();
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [wait, setWait] = useState(0);
  const [note, setNote] = useState<string | null>(null);
  const send = useCall();
  const change = useCall();
  useEffect(() => {
    if (wait <= 0) return undefined;
    const timer = window.setTimeout(() => setWait(wait - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  async function sendCode() {
    setNote(null);
    if (!MOBILE_PATTERN.test(newPhone)) {
      setErrors({ phone: T.badPhone });
      return;
    }
    setErrors({});
    const sent = await send.run(async () => {
      await api.post('/account/phone/send', { json: { phone: newPhone }, quiet: true });
      return true;
    });
    if (sent) {
      setWait(60);
      setNote(T.sentTo(newPhone));
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems: FieldErrors = {};
    if (!MOBILE_PATTERN.test(newPhone)) problems.phone = T.badPhone;
    if (!/^\d{6}$/.test(code)) problems.code = T.badCode;
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      const form = event.currentTarget;
      focusAfterRender(() => firstInvalidField(form));
      return;
    }
    const answer = await change.run(() => api.post('/account/phone', { json: { phone: newPhone, code }, quiet: true }));
    if (answer) {
      onChanged(answer.phone);
      setNewPhone('');
      setCode('');
      setNote(T.changedTo(answer.phone));
    }
  }

  return (
    <section className="account-card" aria-labelledby="account-phone">
      <h2 id="account-phone">{T.heading}</h2>
      <p className="muted">{T.current(phone)}</p>
      <form className="account-form" noValidate onSubmit={submit}>
        <Field label={T.newPhone} error={errors.phone}>{(c) => (
          <span className="account-inline">
            <input {...c} type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} value={newPhone} onChange={(e) => setNewPhone(e.target.value.trim())} />
            <BusyButton busy={send.busy} busyLabel={T.sending} disabled={wait > 0} onClick={() => void sendCode()}>{wait > 0 ? T.resendIn(wait) : T.sendCode}</BusyButton>
          </span>
        )}</Field>
        <Field label={T.code} error={errors.code}>{(c) => <input {...c} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.trim())} />}</Field>
        {note ? <p role="status" className="account-ok">{note}</p> : null}
        <FormError text={send.error ?? change.error} fieldErrors={errors} />
        <div className="account-actions"><BusyButton type="submit" variant="primary" busy={change.busy} busyLabel={T.changing}>{T.change}</BusyButton></div>
      </form>
    </section>
  );
}
