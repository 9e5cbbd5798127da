// A client secret, shown once (after creating a confidential client or rotating its secret): the
// server keeps only its hash. 复制 puts it on the clipboard.
import { useId, useState } from 'react';
import { Modal } from './modal.tsx';
import { SecretText as T } from './clients.messages.ts';

export function SecretDialog({ clientId, secret, note, onClose }: { clientId: string; secret: string; note?: string; onClose(): void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const textId = useId();
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  }
  return (
    <Modal title={T.title} role="alertdialog" describedBy={textId} onClose={onClose} className="secret-dialog">
      <p id={textId} className="notice notice--warning">
        {T.saveNowBefore}<strong>{clientId}</strong>{T.saveNowAfter}
      </p>
      {note ? <p className="modal__text">{note}</p> : null}
      <div className="secret">
        <code className="secret__value" data-testid="client-secret">{secret}</code>
        <button type="button" className="btn btn--primary" onClick={copy}>{T.copy}</button>
      </div>
      <p className="field__hint" role="status">{copied === 'yes' ? T.copied : copied === 'failed' ? T.copyFailed : ''}</p>
      <div className="modal__actions">
        <button type="button" className="btn btn--plain" onClick={onClose}>{T.done}</button>
      </div>
    </Modal>
  );
}
