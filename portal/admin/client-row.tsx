// One OIDC client in the table, with its actions: 编辑, 停用 / 启用, 轮换密钥 (confidential clients),
// 删除 (after a confirmation).
import { useState } from 'react';
import type { ConsoleClient, SavedClient } from '../../contract/endpoints/console.ts';
import { api, confirmAction } from './console-api.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';
import { RotateSecretDialog } from './rotate-secret-dialog.tsx';
import { clientsStore } from './stores.ts';
import { formatTime } from './format.ts';
import { ClientListText as T } from './clients.messages.ts';
import { ConsoleText } from './console.messages.ts';

interface ClientRowProps {
  client: ConsoleClient;
  onEdit(): void;
  onRotated(saved: SavedClient): void;
}

export function ClientRow({ client, onEdit, onRotated }: ClientRowProps) {
  const toggle = useAction();
  const remove = useAction();
  const [rotating, setRotating] = useState(false);
  const label = client.name ? ConsoleText.nameWithCode(client.name, client.clientId) : client.clientId;

  async function setDisabled(disabled: boolean) {
    if (disabled && !(await confirmAction(T.disableConfirm(label), T.disable))) return;
    const done = await toggle.run(() => api.post('/console/clients/disabled', { json: { clientId: client.clientId, disabled }, quiet: true }));
    if (done) void clientsStore.refresh();
  }

  async function removeClient() {
    if (!(await confirmAction(T.removeConfirm(label), T.remove))) return;
    const done = await remove.run(() => api.post('/console/clients/remove', { json: { clientId: client.clientId }, quiet: true }).then(() => true));
    if (done) void clientsStore.refresh();
  }

  const error = toggle.error ?? remove.error;
  return (
    <tr>
      <th scope="row"><code>{client.clientId}</code></th>
      <td>{client.name ?? '—'}</td>
      <td>{client.public ? T.publicClient : T.confidentialClient}</td>
      <td>{client.groups.length > 0 ? client.groups.join(T.groupsSeparator) : T.everyone}</td>
      <td>
        <span className={`badge${client.disabled ? ' badge--off' : ' badge--on'}`}>{client.disabled ? T.disabled : T.enabledState}</span>
        {client.previousSecretUntil ? <span className="cell-note">{T.previousSecretUntil(formatTime(client.previousSecretUntil))}</span> : null}
      </td>
      <td>
        <div className="row-actions">
          <button type="button" className="btn btn--link" onClick={onEdit} aria-label={T.editOne(client.clientId)}>{T.edit}</button>
          <BusyButton variant="link" busy={toggle.busy} onClick={() => setDisabled(!client.disabled)} aria-label={T.toggleOne(client.disabled ? T.enable : T.disable, client.clientId)}>
            {client.disabled ? T.enable : T.disable}
          </BusyButton>
          {!client.public ? (
            <button type="button" className="btn btn--link" onClick={() => setRotating(true)} aria-label={T.rotateOne(client.clientId)}>{T.rotate}</button>
          ) : null}
          <BusyButton variant="link" className="btn--danger-text" busy={remove.busy} onClick={removeClient} aria-label={T.removeOne(client.clientId)}>{T.remove}</BusyButton>
        </div>
        {error ? <p className="form-error" role="alert">{error}</p> : null}
        {rotating ? (
          <RotateSecretDialog
            clientId={client.clientId}
            onClose={() => setRotating(false)}
            onRotated={(saved) => {
              setRotating(false);
              onRotated(saved);
            }}
          />
        ) : null}
      </td>
    </tr>
  );
}
