// Renders a NoticeCenter inside a shadow root: toasts (role=status, role=alert for errors), stacked
// oldest first, and one modal system-prompt dialog at a time (see use-modal.ts for focus handling).
// Toasts are never under a backdrop: while a modal dialog of the element is open, the stack is
// rendered inside that dialog (top layer, not inert), still fixed at the top of the viewport.
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTopModalDialog } from './top-dialog.ts';
import { useStore } from '@nanostores/react';
import type { DialogRequest, NoticeCenter } from './notices.ts';
import { useModalDialog } from './use-modal.ts';
import { CANCEL_TEXT, CLOSE_TOAST_TEXT, OK_TEXT, SYSTEM_PROMPT_TITLE } from './messages.ts';

export function NoticeLayer(props: { center: NoticeCenter }) {
  const toasts = useStore(props.center.$toasts);
  const dialogs = useStore(props.center.$dialogs);
  const current = dialogs[0];
  const layerRef = useRef<HTMLDivElement>(null);
  const openDialog = useTopModalDialog(layerRef);
  const stack = (
    <div className="sso-toasts">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`sso-toast sso-toast--${toast.type}`}
          role={toast.type === 'error' ? 'alert' : 'status'}
          data-type={toast.type}
          part="toast"
        >
          <span className="sso-toast__text">{toast.text}</span>
          <button
            type="button"
            className="sso-toast__close"
            aria-label={CLOSE_TOAST_TEXT}
            onClick={() => props.center.dismissToast(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
  return (
    <div className="sso-notices" part="notices" ref={layerRef}>
      {openDialog ? createPortal(stack, openDialog) : stack}
      {current ? <SystemDialog key={current.id} request={current} /> : null}
    </div>
  );
}

function SystemDialog({ request }: { request: DialogRequest }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const okRef = useRef<HTMLButtonElement>(null);
  const [value, setValue] = useState('');
  const titleId = useId();
  const textId = useId();
  const inputId = useId();

  const initialFocus = request.kind === 'prompt' ? inputRef : okRef;
  const modal = useModalDialog(dialogRef, initialFocus as RefObject<HTMLElement | null>);

  function settle(ok: boolean) {
    request.settle(ok ? { ok, value } : { ok });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    settle(true);
  }

  const isWarning = request.kind === 'confirm';
  return (
    <dialog
      ref={dialogRef}
      className={`sso-dialog${isWarning ? ' sso-dialog--warning' : ''}`}
      role={request.kind === 'alert' ? 'alertdialog' : 'dialog'}
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-kind={request.kind}
      part="dialog"
      onKeyDown={modal.onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        settle(false);
      }}
    >
      <form method="dialog" className="sso-dialog__form" onSubmit={onSubmit}>
        <h2 id={titleId} className="sso-dialog__title">
          {isWarning ? <span className="sso-dialog__icon" aria-hidden="true">!</span> : null}
          {SYSTEM_PROMPT_TITLE}
        </h2>
        <p id={textId} className="sso-dialog__text">{request.text}</p>
        {request.kind === 'prompt' ? (
          <div className="sso-field">
            <label htmlFor={inputId} className="sso-label">{request.label ?? request.text}</label>
            <input
              id={inputId}
              ref={inputRef}
              className="sso-input"
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
          </div>
        ) : null}
        <div className="sso-dialog__actions">
          {request.kind !== 'alert' ? (
            <button type="button" className="sso-button sso-button--secondary" onClick={() => settle(false)}>
              {request.cancelLabel ?? CANCEL_TEXT}
            </button>
          ) : null}
          <button type="submit" ref={okRef} className="sso-button sso-button--primary">
            {request.okLabel ?? OK_TEXT}
          </button>
        </div>
      </form>
    </dialog>
  );
}
