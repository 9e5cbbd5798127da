// The forced change-password dialog (spec sections 2 and 4), opened after the AU00153 / AU00154
// confirm. Lives only in memory: a page refresh closes it.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { cancelChangePassword, changePasswordForm, submitChangePassword } from './change-password-store.ts';
import type { ChangePasswordRequest } from '../login-context/login-store.ts';
import { CANCEL_TEXT, OK_TEXT } from '../../core/messages.ts';
import { CHANGE_PASSWORD_TITLE, OLD_PASSWORD_LABEL } from './change-password.messages.ts';
import { CONFIRM_NEW_PASSWORD_LABEL, NEW_PASSWORD_LABEL, USERNAME_LABEL } from '../sso-login.messages.ts';
import { useModalDialog } from '../../core/use-modal.ts';
import { agedExplained, FIRST_LOGIN_EXPLAINED, POSTPONE_CHANGE, POSTPONING } from './change-password.messages.ts';
import { BusyButton } from '../shared/busy-button.tsx';
import { Field } from '../shared/field.tsx';
import { HiddenUsername, LightField, useLightForm } from '../shared/light-dom-credentials.tsx';
import { FormErrors, useFormState } from '../shared/form-errors.tsx';
import { useLoginUi } from '../login-context/use-login.ts';
import * as RefusalCode from '../../../contract/refusal-codes.ts';
import { CODE_LABEL, CODE_PLACEHOLDER } from '../sso-login.messages.ts';

export function ChangePasswordDialog() {
  const { context } = useLoginUi();
  const request = useStore(context.$changePassword);
  return request ? <ChangePasswordModal request={request} /> : null;
}

function ChangePasswordModal({ request }: { request: ChangePasswordRequest }) {
  const { context, hostElement } = useLoginUi();
  const busyKeys = useStore(context.$busy);
  const busy = busyKeys.changePassword ?? false;
  const postponing = busyKeys.postpone ?? false;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement | null>(null);
  const lightForm = useLightForm(hostElement, 'sso-change-password', formRef);
  // The password inputs are light-DOM children slotted in here (password managers can see them).
  const firstRef = useRef<HTMLInputElement | null>(null);
  const newRef = useRef<HTMLInputElement | null>(null);
  const confirmRef = useRef<HTMLInputElement | null>(null);
  const codeRef = useRef<HTMLInputElement | null>(null);
  // Shown once the server asked for the authenticator's code (an account with an app, issue 31).
  const [askCode, setAskCode] = useState(false);
  useEffect(() => {
    if (askCode) codeRef.current?.focus();
  }, [askCode]);
  const titleId = useId();
  // The server's reason (wrong old password, a weak new one, a locked account) stays in the dialog.
  const { errors, formError } = useFormState(changePasswordForm(context));
  const modal = useModalDialog(dialogRef, firstRef);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const outcome = await submitChangePassword(context, {
      oldPassword: firstRef.current?.value ?? '',
      newPassword: newRef.current?.value ?? '',
      confirmPassword: confirmRef.current?.value ?? '',
      ...(askCode ? { code: codeRef.current?.value ?? '' } : {}),
    });
    if (outcome === 'code-asked') {
      if (!askCode) setAskCode(true);
      else codeRef.current?.focus();
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className="sso-dialog sso-change-password"
      aria-labelledby={titleId}
      data-reason={request.reason}
      part="dialog change-password"
      onKeyDown={modal.onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        cancelChangePassword(context);
      }}
    >
      <form className="sso-dialog__form" name="sso-change-password" method="post" noValidate onSubmit={onSubmit} ref={formRef}>
        <HiddenUsername host={hostElement} username={request.username} form={lightForm} />
        <h2 id={titleId} className="sso-dialog__title">
          {CHANGE_PASSWORD_TITLE}
        </h2>
        <p className="sso-dialog__explain" data-explain={request.reason}>
          {request.reason === RefusalCode.passwordExpired ? agedExplained(request.aged) : FIRST_LOGIN_EXPLAINED}
        </p>
        <Field label={USERNAME_LABEL} name="username" autoComplete="username" defaultValue={request.username} readOnly />
        <LightField host={hostElement} form={lightForm} inputRef={firstRef} label={OLD_PASSWORD_LABEL} name="oldPassword" type="password" autoComplete="current-password" error={errors.oldPassword} />
        <LightField host={hostElement} form={lightForm} inputRef={newRef} label={NEW_PASSWORD_LABEL} name="newPassword" type="password" autoComplete="new-password" error={errors.newPassword} />
        <LightField host={hostElement} form={lightForm} inputRef={confirmRef} label={CONFIRM_NEW_PASSWORD_LABEL} name="confirmPassword" type="password" autoComplete="new-password" error={errors.confirmPassword} />
        {askCode ? (
          <Field ref={codeRef} label={CODE_LABEL} name="code" autoComplete="one-time-code" inputMode="numeric" maxLength={6} placeholder={CODE_PLACEHOLDER} error={errors.code} />
        ) : null}
        <FormErrors formError={formError} fieldErrors={errors} />
        <div className="sso-dialog__actions">
          {request.postpone ? (
            <BusyButton type="button" busy={postponing} label={POSTPONE_CHANGE} busyLabel={POSTPONING} className="sso-button sso-button--secondary" data-action="postpone" onClick={() => void request.postpone?.()} />
          ) : null}
          <button type="button" className="sso-button sso-button--secondary" onClick={() => cancelChangePassword(context)}>
            {CANCEL_TEXT}
          </button>
          <BusyButton type="submit" busy={busy} label={OK_TEXT} busyLabel={`${OK_TEXT}…`} className="sso-button sso-button--primary" />
        </div>
      </form>
    </dialog>
  );
}
