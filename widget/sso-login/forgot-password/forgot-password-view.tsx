// 忘记密码: phone, a reset code by SMS (the send button counts 60 s down), the new password twice.
// The passwords are light-DOM inputs (autocomplete new-password) so a password manager can offer
// and save one; success returns to the password form with a toast.
import { useRef, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { resetForm, sendResetCode, submitReset } from './forgot-password-store.ts';
import { mergeErrors } from '../shared/form-state.ts';
import { useFormState } from '../shared/form-errors.tsx';
import { CONFIRM_NEW_PASSWORD_LABEL, NEW_PASSWORD_LABEL } from '../sso-login.messages.ts';
import { RESET_PASSWORD_HINT, RESET_SUBMIT, RESETTING } from './forgot-password.messages.ts';
import { BusyButton } from '../shared/busy-button.tsx';
import { formValues } from '../shared/field.tsx';
import { LightField, useLightForm } from '../shared/light-dom-credentials.tsx';
import { PhoneCodeFields } from '../shared/phone-code-fields.tsx';
import { useLoginUi } from '../login-context/use-login.ts';

export function ForgotPasswordView() {
  const { context, hostElement } = useLoginUi();
  const busy = useStore(context.$busy);
  const formRef = useRef<HTMLFormElement | null>(null);
  const lightForm = useLightForm(hostElement, 'sso-forgot-password', formRef);
  const newRef = useRef<HTMLInputElement | null>(null);
  const confirmRef = useRef<HTMLInputElement | null>(null);
  const form = resetForm(context);
  const { errors } = useFormState(form);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await submitReset(context, {
      ...formValues(event.currentTarget, ['phone', 'code'] as const),
      newPassword: newRef.current?.value ?? '',
      confirmPassword: confirmRef.current?.value ?? '',
    });
  }

  return (
    <form ref={formRef} className="sso-form" name="sso-forgot-password" method="post" noValidate onSubmit={onSubmit}>
      <p className="sso-hint">{RESET_PASSWORD_HINT}</p>
      <PhoneCodeFields
        form={formRef}
        codeName="code"
        errors={errors}
        countdown={context.resetCountdown}
        sending={busy.resetCode ?? false}
        send={(phone) => sendResetCode(context, phone)}
        onSendErrors={(sent) => mergeErrors(form, sent)}
      />
      <LightField host={hostElement} form={lightForm} inputRef={newRef} label={NEW_PASSWORD_LABEL} name="newPassword" type="password" autoComplete="new-password" error={errors.newPassword} />
      <LightField host={hostElement} form={lightForm} inputRef={confirmRef} label={CONFIRM_NEW_PASSWORD_LABEL} name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} />
      <BusyButton type="submit" busy={busy.reset ?? false} label={RESET_SUBMIT} busyLabel={RESETTING} />
    </form>
  );
}
