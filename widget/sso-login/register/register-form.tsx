// Register view: username and phone checked on leaving the field (pattern, then uniqueness),
// SMS code, password and confirmation; success returns to password login with the username.
import { useRef, type FocusEvent, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { checkPhoneField, checkUsernameField, registerForm, sendRegisterCode, submitRegister } from './register-store.ts';
import { mergeErrors } from '../shared/form-state.ts';
import { CONFIRM_PASSWORD_LABEL, SUBMIT_REGISTER, registering } from './register.messages.ts';
import { PASSWORD_LABEL, USERNAME_LABEL } from '../sso-login.messages.ts';
import { BusyButton } from '../shared/busy-button.tsx';
import { formValues } from '../shared/field.tsx';
import { LightField, useLightForm } from '../shared/light-dom-credentials.tsx';
import { PhoneCodeFields } from '../shared/phone-code-fields.tsx';
import { FormErrors, useFormState } from '../shared/form-errors.tsx';
import { useLoginUi } from '../login-context/use-login.ts';

// Username and the two passwords are light-DOM inputs (password managers offer to save the new
// account); phone and SMS code stay in the shadow form.
const SHADOW_FIELDS = ['phone', 'smsCode'] as const;

export function RegisterForm() {
  const { context, hostElement } = useLoginUi();
  const busy = useStore(context.$busy);
  const formRef = useRef<HTMLFormElement | null>(null);
  const lightForm = useLightForm(hostElement, 'sso-register', formRef);
  const usernameRef = useRef<HTMLInputElement | null>(null);
  const passwordRef = useRef<HTMLInputElement | null>(null);
  const confirmRef = useRef<HTMLInputElement | null>(null);
  const form = registerForm(context);
  const { errors, formError } = useFormState(form);

  const onUsernameBlur = (value: string) => checkUsernameField(context, value);
  const onPhoneBlur = (event: FocusEvent<HTMLInputElement>) => void checkPhoneField(context, event.currentTarget.value);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await submitRegister(context, {
      ...formValues(event.currentTarget, SHADOW_FIELDS),
      username: usernameRef.current?.value ?? '',
      password: passwordRef.current?.value ?? '',
      confirmPassword: confirmRef.current?.value ?? '',
    });
  }

  return (
    <form ref={formRef} className="sso-form" name="sso-register" method="post" noValidate onSubmit={onSubmit}>
      <LightField host={hostElement} form={lightForm} inputRef={usernameRef} label={USERNAME_LABEL} name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} error={errors.username} onBlur={onUsernameBlur} />
      <PhoneCodeFields
        form={formRef}
        codeName="smsCode"
        errors={errors}
        countdown={context.registerCountdown}
        sending={busy.registerCode ?? false}
        send={(phone) => sendRegisterCode(context, phone)}
        onSendErrors={(sent) => mergeErrors(form, sent)}
        onPhoneBlur={onPhoneBlur}
      />
      <LightField host={hostElement} form={lightForm} inputRef={passwordRef} label={PASSWORD_LABEL} name="password" type="password" autoComplete="new-password" error={errors.password} />
      <LightField host={hostElement} form={lightForm} inputRef={confirmRef} label={CONFIRM_PASSWORD_LABEL} name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} />
      <FormErrors formError={formError} fieldErrors={errors} />
      <BusyButton type="submit" busy={busy.register ?? false} label={SUBMIT_REGISTER} busyLabel={registering(SUBMIT_REGISTER)} />
    </form>
  );
}
