// 轮换签名密钥: a new OpenID Connect signing key (older keys stay published until their tokens
// expired). Confirmed first; asks for the password again on an older session.
import { useState } from 'react';
import { api, confirmAction } from './console-api.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';

export function SigningKeyButton() {
  const action = useAction();
  const [kid, setKid] = useState<string | null>(null);
  async function rotate() {
    if (!(await confirmAction('生成新的 OIDC 签名密钥？新密钥立即公布，一小时后开始签名（让各应用先取到它）；旧密钥在其令牌过期前仍会公布。', '轮换签名密钥'))) return;
    const result = await action.run(() => api.post('/console/keys/rotate', { json: {}, quiet: true }));
    if (result) setKid(result.kid);
  }
  return (
    <span className="inline-action">
      <BusyButton busy={action.busy} busyLabel="正在轮换…" onClick={rotate}>轮换签名密钥</BusyButton>
      <span role="status" className="cell-note">{kid ? `已启用新签名密钥：${kid}` : ''}</span>
      {action.error ? <span role="alert" className="form-error">{action.error}</span> : null}
    </span>
  );
}
