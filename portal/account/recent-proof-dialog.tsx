// The account page's own 验证身份 dialog (as the console's 请再次输入密码): the login password, or a
// code of the authenticator app when one is set up (its recovery code too). POST /account/reauth
// records the proof on the session for 5 minutes; the waiting change is then sent again.
import { useRef, useState, type FormEvent } from 'react';
import { Refusal } from '../../contract/errors.ts';
import type { RecentProofNeed } from '../../contract/endpoints/account.ts';
import { Modal } from '../admin/modal.tsx';
import { Field } from '../admin/field.tsx';
import { BusyButton } from '../admin/busy-button.tsx';
import { FormError, firstInvalidField, type FieldErrors } from '../admin/form-error.tsx';
import { useFocusAfterRender } from '../admin/use-focus-after-render.ts';
import { api, encryptPassword, errorText, leftForLogin } from './account-api.ts';
import { finishRecentProof } from './recent-proof.ts';
import { PageText, RecentProofText as T } from './account.messages.ts';

type Way = 'password' | 'code';

export function RecentProofDialog({ need }: { need: RecentProofNeed }) {
  const [way, setWay] = useState<Way>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.replace(/\s/g, '');
    const problems: FieldErrors = {};
    if (way === 'password' && !password) problems.password = T.requiredPassword;
    if (way === 'code' && !/^\d{6}$/.test(typed) && !/^[a-z0-9-]{8,32}$/i.test(typed)) problems.code = T.badCode;
    setErrors(problems);
    setError(null);
    if (Object.keys(problems).length > 0) {
      focusAfterRender(() => firstInvalidField(formRef.current));
      return;
    }
    setBusy(true);
    try {
      const json = way === 'password' ? { password: await encryptPassword(password) }
        : /^\d{6}$/.test(typed) ? { code: typed } : { recoveryCode: typed };
      await api.post('/account/reauth', { json, quiet: true });
      finishRecentProof(true);
    } catch (failure) {
      if (leftForLogin(failure)) return finishRecentProof(false);
      setError(errorText(failure));
      setBusy(false);
    }
  }

  return (
    <Modal title={T.title} busy={busy} onClose={() => finishRecentProof(false)}>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <p className="modal__text">{Refusal.recentProofRequired[1]}{T.afterRefusal}</p>
        {need.totpEnabled ? (
          <div className="account-actions" role="group" aria-label={T.ways}>
            <button type="button" className={`btn ${way === 'password' ? 'btn--primary' : 'btn--plain'}`} aria-pressed={way === 'password'} onClick={() => setWay('password')}>{T.password}</button>
            <button type="button" className={`btn ${way === 'code' ? 'btn--primary' : 'btn--plain'}`} aria-pressed={way === 'code'} onClick={() => setWay('code')}>{T.code}</button>
          </div>
        ) : null}
        {way === 'password' ? (
          <Field label={T.password} error={errors.password} required>
            {(control) => <input {...control} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} autoFocus />}
          </Field>
        ) : (
          <Field label={T.codeOrRecovery} error={errors.code} required>
            {(control) => <input {...control} autoComplete="one-time-code" maxLength={32} value={code} onChange={(e) => setCode(e.target.value)} autoFocus />}
          </Field>
        )}
        <FormError text={error} fieldErrors={errors} />
        <div className="modal__actions">
          <button type="button" className="btn btn--plain" disabled={busy} onClick={() => finishRecentProof(false)}>{PageText.cancel}</button>
          <BusyButton type="submit" variant="primary" busy={busy} busyLabel={T.confirming}>{T.confirm}</BusyButton>
        </div>
      </form>
    </Modal>
  );
}
