// The second step of a sign-in (issue 21), in the after-paint chunk: a code from the
// authenticator app (or a recovery code) after the password; or, when the account's group requires
// a second factor it does not have, the QR code and the secret as text, one code to confirm, and
// the ten recovery codes shown once before the sign-in goes on. Errors show inside the form and
// live in the login stores like every form's (shared/form-state.ts).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { TotpEnrolment } from '../../../contract/endpoints/mfa.ts';
import { BusyButton } from '../shared/busy-button.tsx';
import { Field, formValues } from '../shared/field.tsx';
import { FormErrors, useFormState } from '../shared/form-errors.tsx';
import { formState, showErrors } from '../shared/form-state.ts';
import { useLoginUi } from '../login-context/use-login.ts';
import { cancelSecondFactor, confirmEnrolment, startEnrolment, verifySecondFactor, type Enrolled } from './second-factor-actions.ts';
import * as T from './second-factor.messages.ts';
import { adoptSecondFactorSheet } from './second-factor.styles.ts';

const SIX_DIGITS = /^[0-9]{6}$/;

export function SecondFactorView() {
  const { context, hostElement } = useLoginUi();
  const state = useStore(context.$secondFactor);
  adoptSecondFactorSheet(hostElement()?.shadowRoot);
  if (!state) return null;
  return state.step === 'enrol' ? <EnrolStep key={state.challenge} /> : <VerifyStep key={state.challenge} />;
}

function BackLink() {
  const { context } = useLoginUi();
  return (
    <div className="sso-links">
      <button type="button" className="sso-button sso-button--link" onClick={() => cancelSecondFactor(context)}>{T.BACK}</button>
    </div>
  );
}

function VerifyStep() {
  const { context } = useLoginUi();
  const busy = useStore(context.$busy).secondFactor ?? false;
  const [recovery, setRecovery] = useState(false);
  const form = formState(context, 'secondFactorVerify');
  const { errors, formError } = useFormState(form);
  const inputRef = useRef<HTMLInputElement | null>(null);
  useEffect(() => inputRef.current?.focus(), [recovery]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { code } = formValues(event.currentTarget, ['code'] as const);
    const value = code.trim();
    if (recovery ? !value : !SIX_DIGITS.test(value)) {
      showErrors(form, { code: recovery ? T.REQUIRED_RECOVERY : T.REQUIRED_CODE });
      return;
    }
    showErrors(form, {});
    const error = await verifySecondFactor(context, recovery ? { recoveryCode: value } : { code: value });
    showErrors(form, {}, error);
    if (error && inputRef.current) {
      inputRef.current.value = '';
      inputRef.current.focus();
    }
  }

  return (
    <form className="sso-form" name="sso-second-factor" method="post" noValidate onSubmit={onSubmit} data-step="verify">
      <p className="sso-hint">{recovery ? T.RECOVERY_HINT : T.VERIFY_HINT}</p>
      <Field
        ref={inputRef}
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? T.RECOVERY_LABEL : T.CODE_LABEL}
        name="code"
        placeholder={recovery ? T.RECOVERY_PLACEHOLDER : T.CODE_PLACEHOLDER}
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        maxLength={recovery ? 32 : 6}
        error={errors.code}
      />
      <FormErrors formError={formError} fieldErrors={errors} />
      <BusyButton type="submit" busy={busy} label={T.VERIFY} busyLabel={T.VERIFYING} />
      <div className="sso-links">
        <button type="button" className="sso-button sso-button--link" onClick={() => { setRecovery(!recovery); showErrors(form, {}); }}>
          {recovery ? T.USE_CODE : T.USE_RECOVERY}
        </button>
      </div>
      <BackLink />
    </form>
  );
}

function EnrolStep() {
  const { context } = useLoginUi();
  const busy = useStore(context.$busy).secondFactor ?? false;
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [enrolled, setEnrolled] = useState<Enrolled | null>(null);
  const form = formState(context, 'secondFactorEnrol');
  const { errors, formError } = useFormState(form);
  const doneRef = useRef<HTMLButtonElement | null>(null);
  useEffect(() => doneRef.current?.focus(), [enrolled]);

  async function begin() {
    showErrors(form, {});
    const result = await startEnrolment(context);
    if (typeof result === 'string') showErrors(form, {}, result || null);
    else setEnrolment(result);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { code } = formValues(event.currentTarget, ['code'] as const);
    if (!SIX_DIGITS.test(code.trim())) {
      showErrors(form, { code: T.REQUIRED_CODE });
      return;
    }
    showErrors(form, {});
    const result = await confirmEnrolment(context, code.trim());
    if (typeof result === 'string') showErrors(form, {}, result || null);
    else setEnrolled(result);
  }

  if (enrolled) {
    return (
      <div className="sso-form" data-step="recovery-codes">
        <h3 className="sso-subtitle">{T.RECOVERY_TITLE}</h3>
        <p className="sso-hint">{T.RECOVERY_HINT}</p>
        <ul className="sso-recovery-codes" aria-label={T.RECOVERY_TITLE}>
          {enrolled.recoveryCodes.map((code) => <li key={code}><code>{code}</code></li>)}
        </ul>
        <button ref={doneRef} type="button" className="sso-button sso-button--primary sso-button--block" part="button" onClick={enrolled.proceed}>
          {T.RECOVERY_DONE}
        </button>
      </div>
    );
  }

  return (
    <form className="sso-form" name="sso-second-factor-enrol" method="post" noValidate onSubmit={onSubmit} data-step="enrol">
      <p className="sso-hint">{T.ENROL_HINT}</p>
      {enrolment ? (
        <>
          {/* The server draws the QR code (qrcode's SVG: paths only, no script, no style). */}
          <div className="sso-totp-qr" role="img" aria-label={T.QR_LABEL} dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
          <p className="sso-hint">
            {T.SECRET_LABEL}
            <code className="sso-totp-secret" data-secret={enrolment.secret}>{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
          </p>
          <Field label={T.CODE_LABEL} name="code" placeholder={T.CODE_PLACEHOLDER} autoComplete="one-time-code" inputMode="numeric" maxLength={6} error={errors.code} />
          <FormErrors formError={formError} fieldErrors={errors} />
          <BusyButton type="submit" busy={busy} label={T.ENROL_CONFIRM} busyLabel={T.ENROL_CONFIRMING} />
        </>
      ) : (
        <>
          <FormErrors formError={formError} fieldErrors={errors} />
          <BusyButton type="button" busy={busy} label={T.ENROL_START} busyLabel={T.ENROL_STARTING} onClick={() => void begin()} />
        </>
      )}
      <BackLink />
    </form>
  );
}
