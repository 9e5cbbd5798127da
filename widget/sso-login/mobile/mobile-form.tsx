// Mobile login: phone (validated), SMS code with a 60 s countdown on the send button, sign in.
import { useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { mobileLogin, sendMobileLoginCode, validateMobileLogin } from '../login-actions.ts';
import type { FieldErrors } from '../login-store.ts';
import { SIGN_IN, SIGNING_IN } from '../../core/messages.ts';
import { BusyButton } from '../shared/busy-button.tsx';
import { formValues } from '../shared/field.tsx';
import { useLoginUi } from '../use-login.ts';
import { PhoneCodeFields } from '../shared/phone-code-fields.tsx';
import { FormErrors } from '../shared/form-errors.tsx';

export function MobileForm() {
  const { context } = useLoginUi();
  const busy = useStore(context.$busy);
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

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
      <PhoneCodeFields
        form={formRef}
        codeName="code"
        errors={errors}
        countdown={context.mobileCountdown}
        sending={busy.mobileCode ?? false}
        send={(phone) => sendMobileLoginCode(context, phone)}
        onSendErrors={(sent) => setErrors((current) => ({ ...current, ...sent }))}
      />
      <FormErrors formError={formError} fieldErrors={errors} />
      <BusyButton type="submit" busy={busy.mobile ?? false} label={SIGN_IN} busyLabel={SIGNING_IN} />
    </form>
  );
}
