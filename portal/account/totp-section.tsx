// 身份验证器（二次验证）: bind an authenticator app (QR code and the secret as text, one code to
// confirm, the ten recovery codes shown once), renew the recovery codes or unbind, each proven by a
// current code or a recovery code. A secret nobody confirmed never counts (server/mfa). 绑定身份验证器
// is replaced by the form: the focus goes to its 动态验证码 field.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { SecurityState } from '../../contract/endpoints/account.ts';
import type { TotpEnrolment } from '../../contract/endpoints/mfa.ts';
import { BusyButton } from '../admin/busy-button.tsx';
import { Field } from '../admin/field.tsx';
import { FormError } from '../admin/form-error.tsx';
import { api } from './account-api.ts';
import { useCall } from './use-call.ts';
import { PageText, TotpText as T } from './account.messages.ts';

const SIX_DIGITS = /^\d{6}$/;

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <div className="account-recovery" role="region" aria-label={T.recoveryRegion}>
      <h3>{T.recoveryTitle}</h3>
      <p className="muted">{T.recoveryHint}</p>
      <ul className="account-recovery__codes">{codes.map((c) => <li key={c}><code>{c}</code></li>)}</ul>
      <BusyButton variant="primary" busy={false} onClick={onDone} autoFocus>{T.recoverySaved}</BusyButton>
    </div>
  );
}

export function TotpSection() {
  const [state, setState] = useState<SecurityState | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [proof, setProof] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const load = useCall();
  const act = useCall();

  const refresh = useCallback(async () => {
    const answer = await load.run(() => api.get('/account/security', { quiet: true }));
    if (answer) setState(answer);
  }, [load.run]);
  useEffect(() => void refresh(), [refresh]);

  async function start() {
    const answer = await act.run(() => api.post('/account/totp/start', { json: {}, quiet: true }));
    if (answer) setEnrolment(answer);
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!SIX_DIGITS.test(code)) {
      setFieldError(T.badCode);
      return;
    }
    setFieldError(undefined);
    const answer = await act.run(() => api.post('/account/totp/confirm', { json: { code }, quiet: true }));
    if (answer) {
      setEnrolment(null);
      setCode('');
      setCodes(answer.recoveryCodes);
    }
  }

  function proofBody(): { code: string } | { recoveryCode: string } | null {
    const value = proof.trim();
    if (SIX_DIGITS.test(value)) return { code: value };
    if (value.replace(/[\s-]/g, '').length >= 8) return { recoveryCode: value };
    setFieldError(T.badProof);
    return null;
  }

  async function renew() {
    const body = proofBody();
    if (!body) return;
    setFieldError(undefined);
    const answer = await act.run(() => api.post('/account/recovery-codes', { json: body, quiet: true }));
    if (answer) {
      setProof('');
      setCodes(answer.recoveryCodes);
    }
  }

  async function remove() {
    const body = proofBody();
    if (!body) return;
    setFieldError(undefined);
    const done = await act.run(async () => {
      await api.post('/account/totp/remove', { json: body, quiet: true });
      return true;
    });
    if (done) {
      setProof('');
      await refresh();
    }
  }

  return (
    <section className="account-card" aria-labelledby="account-totp" data-section="totp">
      <h2 id="account-totp">{T.heading}</h2>
      {state === null ? <p className="muted" role="status">{load.error ?? PageText.loading}</p> : null}
      {codes ? <RecoveryCodes codes={codes} onDone={() => { setCodes(null); void refresh(); }} /> : null}
      {state && !codes && !state.totpEnabled ? (
        <>
          <p className="muted">
            {state.mfaRequired ? T.groupRequires : ''}
            {T.intro}
          </p>
          {enrolment ? (
            <form className="account-form" noValidate onSubmit={confirm} data-step="confirm">
              {/* The server draws the QR code (qrcode's SVG: paths only). */}
              <div className="account-qr" role="img" aria-label={T.qr} dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
              <p className="muted">{T.secret}<code className="account-secret" data-secret={enrolment.secret}>{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</code></p>
              <Field label={T.code} error={fieldError}>{(c) => <input {...c} autoFocus inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.trim())} />}</Field>
              <FormError text={act.error} />
              <div className="account-actions">
                <BusyButton type="submit" variant="primary" busy={act.busy} busyLabel={T.confirming}>{T.confirm}</BusyButton>
                <BusyButton busy={false} onClick={() => { setEnrolment(null); setCode(''); }}>{PageText.cancel}</BusyButton>
              </div>
            </form>
          ) : (
            <>
              <FormError text={act.error} />
              <div className="account-actions"><BusyButton variant="primary" busy={act.busy} busyLabel={T.starting} onClick={() => void start()}>{T.start}</BusyButton></div>
            </>
          )}
        </>
      ) : null}
      {state && !codes && state.totpEnabled ? (
        <div className="account-form">
          <p className="account-ok">{T.bound(state.recoveryCodesLeft)}</p>
          <Field label={T.proof} error={fieldError} hint={T.proofHint}>{(c) => <input {...c} autoComplete="one-time-code" maxLength={32} value={proof} onChange={(e) => setProof(e.target.value)} />}</Field>
          <FormError text={act.error} />
          <div className="account-actions">
            <BusyButton busy={act.busy} busyLabel={T.working} onClick={() => void renew()}>{T.renew}</BusyButton>
            <BusyButton variant="danger" busy={act.busy} busyLabel={T.working} onClick={() => void remove()}>{T.remove}</BusyButton>
          </div>
          {state.mfaRequired ? <p className="muted">{T.removeWhileRequired}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
