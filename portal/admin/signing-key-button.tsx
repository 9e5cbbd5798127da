// 轮换签名密钥: a new OpenID Connect signing key (older keys stay published until their tokens
// expired). Confirmed first; asks for the password again on an older session.
import { useState } from 'react';
import { api, confirmAction } from './console-api.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';
import { SigningKeyText } from './clients.messages.ts';

export function SigningKeyButton() {
  const action = useAction();
  const [kid, setKid] = useState<string | null>(null);
  async function rotate() {
    if (!(await confirmAction(SigningKeyText.confirm, SigningKeyText.rotate))) return;
    const result = await action.run(() => api.post('/console/keys/rotate', { json: {}, quiet: true }));
    if (result) setKid(result.kid);
  }
  return (
    <span className="inline-action">
      <BusyButton busy={action.busy} busyLabel={SigningKeyText.rotating} onClick={rotate}>{SigningKeyText.rotate}</BusyButton>
      <span role="status" className="cell-note">{kid ? SigningKeyText.rotated(kid) : ''}</span>
      {action.error ? <span role="alert" className="form-error">{action.error}</span> : null}
    </span>
  );
}
