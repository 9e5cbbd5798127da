// The phone field and the SMS code field with its send button, as the mobile login, registration
// and 忘记密码 forms show them. The send reads the phone the form holds at that moment; its
// refusals land at these two fields.
import type { FocusEvent, RefObject } from 'react';
import { PHONE_LABEL, SEND_CODE, SENDING_CODE, SMS_CODE_LABEL } from '../sso-login.messages.ts';
import type { Countdown } from './countdown.ts';
import type { FieldErrors } from '../login-context/login-store.ts';
import { Field, formValues } from './field.tsx';
import { SendCodeButton } from './send-code-button.tsx';

interface PhoneCodeFieldsProps {
  form: RefObject<HTMLFormElement | null>;
  /** The code field's name in the form (the spec calls it smsCode in registration). */
  codeName: 'code' | 'smsCode';
  errors: FieldErrors;
  countdown: Countdown;
  /** The send is under way (its button shows 发送中…). */
  sending: boolean;
  /** Sends a code to the phone; answers the field errors to show. */
  send(phone: string): Promise<FieldErrors>;
  /** Takes the send's verdict on the two fields (undefined clears a field's error). */
  onSendErrors(errors: FieldErrors): void;
  onPhoneBlur?(event: FocusEvent<HTMLInputElement>): void;
}

export function PhoneCodeFields({ form, codeName, errors, countdown, sending, send, onSendErrors, onPhoneBlur }: PhoneCodeFieldsProps) {
  async function sendCode() {
    if (!form.current) return;
    const { phone } = formValues(form.current, ['phone'] as const);
    const problems = await send(phone);
    onSendErrors({ phone: problems.phone, [codeName]: problems[codeName] });
  }

  return (
    <>
      <Field label={PHONE_LABEL} name="phone" type="tel" inputMode="numeric" autoComplete="tel" error={errors.phone} onBlur={onPhoneBlur} />
      <Field
        label={SMS_CODE_LABEL}
        name={codeName}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors[codeName]}
        addon={<SendCodeButton countdown={countdown} busy={sending} onSend={sendCode} label={SEND_CODE} busyLabel={SENDING_CODE} />}
      />
    </>
  );
}
