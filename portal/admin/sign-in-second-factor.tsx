// The console sign-in's second step (issue 31): after the right password the server answers AU00170
// (type the authenticator's code, or a recovery code) or AU00175 (enrol an authenticator app first:
// the group requires one, or SSO_CONSOLE_REQUIRE_SECOND_FACTOR requires one of administrators). The
// same step and texts as the login widget's second-factor view (widget/sso-login/second-factor/).
import { useRef, useState, type FormEvent } from 'react';
import type { MfaStep, TotpEnrolment } from '../../contract/endpoints/mfa.ts';
import type { ConsoleMe } from '../../contract/endpoints/console.ts';
import { ApiCallError } from '../../widget/core/request.ts';
import * as RefusalCode from '../../contract/refusal-codes.ts';
import * as T from '../../widget/sso-login/second-factor/second-factor.messages.ts';
import { api } from './console-api.ts';
import { SignInText } from './console.messages.ts';
import { useAction } from './use-action.ts';
import { Field } from './field.tsx';
import { BusyButton } from './busy-button.tsx';
import { FormError, firstInvalidField, type FieldErrors } from './form-error.tsx';
import { useFocusAfterRender } from './use-focus-after-render.ts';

export interface ConsoleMfaStep extends MfaStep {
  /** The server's text (AU00170 / AU00175). */
  message: string;
}

/** The second step when `error` is the password's AU00170 / AU00175 answer; else null. */
export function consoleMfaStepOf(error: unknown): ConsoleMfaStep | null {
  if (!(error instanceof ApiCallError)) return null;
  const code = String(error.errorCode ?? error.code);
  if (code !== RefusalCode.secondFactorRequired && code !== RefusalCode.secondFactorEnrolRequired) return null;
  const data = error.data as Partial<MfaStep> | null | undefined;
  if (typeof data?.challenge !== 'string') return null;
  return { challenge: data.challenge, step: data.step === 'enrol' ? 'enrol' : 'verify', message: error.message };
}

interface Props {
  step: ConsoleMfaStep;
  onDone(me: ConsoleMe): void;
  /** 返回重新输入密码. */
  onBack(): void;
}

export function SignInSecondFactor({ step, onDone, onBack }: Props) {
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<{ me: ConsoleMe; codes: string[] } | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const action = useAction({ plain: true });
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const enrol = step.step === 'enrol';

  async function start() {
    const started = await action.run(() => api.post('/console/session/mfa/enrol/start', { json: { challenge: step.challenge }, quiet: true }));
    if (started) setEnrolment(started);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.trim();
    const found: FieldErrors = {};
    if (useRecovery ? !typed : !/^[0-9]{6}$/.test(typed)) found.code = useRecovery ? T.REQUIRED_RECOVERY : T.REQUIRED_CODE;
    setErrors(found);
    if (found.code) {
      action.setError(null);
      focusAfterRender(() => firstInvalidField(formRef.current));
      return;
    }
    if (enrol) {
      const done = await action.run(() => api.post('/console/session/mfa/enrol/confirm', { json: { challenge: step.challenge, code: typed }, quiet: true }));
      if (done) {
        const { recoveryCodes: codes, ...me } = done;
        setRecoveryCodes({ me, codes });
      }
      return;
    }
    const proof = useRecovery ? { recoveryCode: typed } : { code: typed };
    const me = await action.run(() => api.post('/console/session/mfa/verify', { json: { challenge: step.challenge, ...proof }, quiet: true }));
    if (me) onDone(me);
  }

  if (recoveryCodes) {
    return (
      <div className="form sign-in-form" role="group" aria-label={T.RECOVERY_TITLE}>
        <h2>{T.RECOVERY_TITLE}</h2>
        <p>{T.RECOVERY_HINT}</p>
        <ul className="recovery-codes">{recoveryCodes.codes.map((c) => <li key={c}><code>{c}</code></li>)}</ul>
        <div className="form__actions">
          <button type="button" className="btn btn--primary" onClick={() => onDone(recoveryCodes.me)}>{T.RECOVERY_DONE}</button>
        </div>
      </div>
    );
  }

  return (
    <form ref={formRef} className="form sign-in-form" onSubmit={submit} noValidate aria-label={SignInText.secondFactor}>
      <p role="status">{enrol ? SignInText.enrolHint : SignInText.verifyHint(step.message, T.VERIFY_HINT)}</p>
      {enrol && !enrolment ? (
        <>
          <FormError text={action.error} fieldErrors={{}} />
          <div className="form__actions">
            <BusyButton type="button" variant="primary" busy={action.busy} busyLabel={T.ENROL_STARTING} onClick={start}>{T.ENROL_START}</BusyButton>
            <button type="button" className="btn btn--plain" onClick={onBack}>{T.BACK}</button>
          </div>
        </>
      ) : (
        <>
          {enrolment && (
            <>
              <div className="totp-qr" role="img" aria-label={T.QR_LABEL} dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
              <p>{T.SECRET_LABEL}<code>{enrolment.secret}</code></p>
            </>
          )}
          <Field label={useRecovery ? T.RECOVERY_LABEL : T.CODE_LABEL} error={errors.code} required>
            {(control) => (
              <input
                {...control} name="code" value={code} onChange={(event) => setCode(event.target.value)}
                autoComplete="one-time-code" inputMode={useRecovery ? 'text' : 'numeric'} maxLength={useRecovery ? 32 : 6}
                placeholder={useRecovery ? T.RECOVERY_PLACEHOLDER : T.CODE_PLACEHOLDER} autoFocus
              />
            )}
          </Field>
          <FormError text={action.error} fieldErrors={errors} />
          <div className="form__actions">
            <BusyButton type="submit" variant="primary" busy={action.busy} busyLabel={enrol ? T.ENROL_CONFIRMING : T.VERIFYING}>
              {enrol ? T.ENROL_CONFIRM : T.VERIFY}
            </BusyButton>
            {!enrol && (
              <button type="button" className="btn btn--plain" onClick={() => { setUseRecovery(!useRecovery); setCode(''); setErrors({}); }}>
                {useRecovery ? T.USE_CODE : T.USE_RECOVERY}
              </button>
            )}
            <button type="button" className="btn btn--plain" onClick={onBack}>{T.BACK}</button>
          </div>
        </>
      )}
    </form>
  );
}
