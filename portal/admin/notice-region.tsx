// Toasts (role=status, errors role=alert) and the system-prompt dialogs of a notice centre
// (confirmations asked with notices.confirm, the request client's 424 dialog): the console's
// (console-api.ts) and the account page's (portal/account/account-api.ts) each render their own.
import { useId, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { DialogRequest, NoticeCenter } from '../../widget/core/notices.ts';
import { CANCEL_TEXT, CLOSE_TOAST_TEXT, OK_TEXT, SYSTEM_PROMPT_TITLE } from '../../widget/core/messages.ts';
import { Modal } from './modal.tsx';

export function NoticeRegion({ notices }: { notices: NoticeCenter }) {
  const toasts = useStore(notices.$toasts);
  const dialogs = useStore(notices.$dialogs);
  const current = dialogs[0];
  return (
    <>
      <div className="toasts">
        {toasts.map((toast) => (
          <div key={toast.id} className={`toast toast--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
            <span>{toast.text}</span>
            <button type="button" className="toast__close" aria-label={CLOSE_TOAST_TEXT} onClick={() => notices.dismissToast(toast.id)}>×</button>
          </div>
        ))}
      </div>
      {current ? <SystemDialog key={current.id} request={current} /> : null}
    </>
  );
}

function SystemDialog({ request }: { request: DialogRequest }) {
  const [value, setValue] = useState('');
  const textId = useId();
  const inputId = useId();
  return (
    <Modal title={SYSTEM_PROMPT_TITLE} role={request.kind === 'confirm' ? 'alertdialog' : 'dialog'} describedBy={textId} onClose={() => request.settle({ ok: false })}>
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          request.settle({ ok: true, value });
        }}
      >
        <p id={textId} className="modal__text">{request.text}</p>
        {request.kind === 'prompt' ? (
          <div className="field">
            <label htmlFor={inputId} className="field__label">{request.label ?? request.text}</label>
            <input id={inputId} value={value} onChange={(event) => setValue(event.target.value)} autoFocus />
          </div>
        ) : null}
        <div className="modal__actions">
          {request.kind !== 'alert' ? (
            <button type="button" className="btn btn--plain" onClick={() => request.settle({ ok: false })}>{request.cancelLabel ?? CANCEL_TEXT}</button>
          ) : null}
          <button type="submit" className="btn btn--primary" autoFocus={request.kind !== 'prompt'}>{request.okLabel ?? OK_TEXT}</button>
        </div>
      </form>
    </Modal>
  );
}
