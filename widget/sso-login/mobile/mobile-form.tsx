// Mobile login: phone (validated), SMS code with the server's cooldown counted down on the send button, sign in.
import { useRef, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { mobileForm, sendMobileLoginCode, submitMobileLogin } from './mobile-store.ts';
import { mergeErrors } from '../shared/form-state.ts';
import { SIGN_IN, SIGNING_IN } from '../sso-login.messages.ts';
import { BusyButton } from '../shared/busy-button.tsx';
import { formValues } from '../shared/field.tsx';
import { useLoginUi } from '../login-context/use-login.ts';
import { PhoneCodeFields } from '../shared/phone-code-fields.tsx';
import { FormErrors, useFormState } from '../shared/form-errors.tsx';

export function MobileForm() {
  const { context } = useLoginUi();
  const busy = useStore(context.$busy);
  const formRef = useRef<HTMLFormElement>(null);
  const form = mobileForm(context);
  const { errors, formError } = useFormState(form);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await submitMobileLogin(context, formValues(event.currentTarget, ['phone', 'code'] as const));
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
        onSendErrors={(sent) => mergeErrors(form, sent)}
      />
      <FormErrors formError={formError} fieldErrors={errors} />
      <BusyButton type="submit" busy={busy.mobile ?? false} label={SIGN_IN} busyLabel={SIGNING_IN} />
    </form>
  );
}
