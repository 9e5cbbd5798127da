// Mobile login: phone (validated), SMS code with a 60 s countdown on the send button, sign in.
import { useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { mobileLogin, sendMobileLoginCode, validateMobileLogin } from './stores/login-actions.ts';
import type { FieldErrors } from './stores/login-store.ts';
import { PHONE_LABEL, SEND_CODE, SENDING_CODE, SIGN_IN, SIGNING_IN, SMS_CODE_LABEL } from '../core/messages.ts';
import { BusyButton } from './busy-button.tsx';
import { Field, formValues } from './field.tsx';
import { useLoginUi } from './use-login.ts';
import { SendCodeButton } from './send-code-button.tsx';
import { FormErrors } from './form-errors.tsx';

export function MobileForm() {
  const { context } = useLoginUi();
  const busy = useStore(context.$busy);
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function sendCode() {
    if (!formRef.current) return;
    const { phone } = formValues(formRef.current, ['phone'] as const);
    const problems = await sendMobileLoginCode(context, phone);
    setErrors((current) => ({ ...current, phone: problems.phone, code: problems.code }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget, ['phone', 'code'] as const);
    const problems = validateMobileLogin(values);
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    setFormError(await mobileLogin(context, values));
  }

  return (
    <form ref={formRef} className="sso-form" name="sso-mobile-login" method="post" noValidate onSubmit={onSubmit}>
      <Field label={PHONE_LABEL} name="phone" type="tel" inputMode="numeric" autoComplete="tel" error={errors.phone} />
      <Field
        label={SMS_CODE_LABEL}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        error={errors.code}
        addon={<SendCodeButton countdown={context.mobileCountdown} busy={busy.mobileCode ?? false} onSend={sendCode} label={SEND_CODE} busyLabel={SENDING_CODE} />}
      />
      <FormErrors formError={formError} fieldErrors={errors} />
      <BusyButton type="submit" busy={busy.mobile ?? false} label={SIGN_IN} busyLabel={SIGNING_IN} />
    </form>
  );
}
