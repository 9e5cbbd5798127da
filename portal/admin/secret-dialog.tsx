// A client secret, shown once (after creating a confidential client or rotating its secret): the
// server keeps only its hash. 复制 puts it on the clipboard.
import { useId, useState } from 'react';
import { Modal } from './modal.tsx';

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
    <Modal title="客户端密钥" role="alertdialog" describedBy={textId} onClose={onClose} className="secret-dialog">
      <p id={textId} className="notice notice--warning">
        请立即复制并妥善保存客户端 <strong>{clientId}</strong> 的密钥。关闭此窗口后密钥将不会再次显示，遗失只能重新轮换。
      </p>
      {note ? <p className="modal__text">{note}</p> : null}
      <div className="secret">
        <code className="secret__value" data-testid="client-secret">{secret}</code>
        <button type="button" className="btn btn--primary" onClick={copy}>复制</button>
      </div>
      <p className="field__hint" role="status">{copied === 'yes' ? '已复制到剪贴板' : copied === 'failed' ? '无法访问剪贴板，请选中密钥手动复制' : ''}</p>
      <div className="modal__actions">
        <button type="button" className="btn btn--plain" onClick={onClose}>我已保存，关闭</button>
      </div>
    </Modal>
  );
}
