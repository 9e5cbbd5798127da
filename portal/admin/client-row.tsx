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

interface ClientRowProps {
  client: ConsoleClient;
  onEdit(): void;
  onRotated(saved: SavedClient): void;
}

export function ClientRow({ client, onEdit, onRotated }: ClientRowProps) {
  const toggle = useAction();
  const remove = useAction();
  const [rotating, setRotating] = useState(false);
  const label = client.name ? `${client.name}（${client.clientId}）` : client.clientId;

  async function setDisabled(disabled: boolean) {
    if (disabled && !(await confirmAction(`停用客户端 ${label}？停用后该应用无法再登录任何人，已签发的令牌将被拒绝。`, '停用'))) return;
    const done = await toggle.run(() => api.post('/console/clients/disabled', { json: { clientId: client.clientId, disabled }, quiet: true }));
    if (done) void clientsStore.refresh();
  }

  async function removeClient() {
    if (!(await confirmAction(`删除客户端 ${label}？此操作不可撤销，使用该客户端的应用将无法登录。`, '删除'))) return;
    const done = await remove.run(() => api.post('/console/clients/remove', { json: { clientId: client.clientId }, quiet: true }).then(() => true));
    if (done) void clientsStore.refresh();
  }

  const error = toggle.error ?? remove.error;
  return (
    <tr>
      <th scope="row"><code>{client.clientId}</code></th>
      <td>{client.name ?? '—'}</td>
      <td>{client.public ? '公开' : '机密'}</td>
      <td>{client.groups.length > 0 ? client.groups.join('、') : '全部账号'}</td>
      <td>
        <span className={`badge${client.disabled ? ' badge--off' : ' badge--on'}`}>{client.disabled ? '已停用' : '启用中'}</span>
        {client.previousSecretUntil ? <span className="cell-note">旧密钥有效至 {formatTime(client.previousSecretUntil)}</span> : null}
      </td>
      <td>
        <div className="row-actions">
          <button type="button" className="btn btn--link" onClick={onEdit} aria-label={`编辑 ${client.clientId}`}>编辑</button>
          <BusyButton variant="link" busy={toggle.busy} onClick={() => setDisabled(!client.disabled)} aria-label={`${client.disabled ? '启用' : '停用'} ${client.clientId}`}>
            {client.disabled ? '启用' : '停用'}
          </BusyButton>
          {!client.public ? (
            <button type="button" className="btn btn--link" onClick={() => setRotating(true)} aria-label={`轮换密钥 ${client.clientId}`}>轮换密钥</button>
          ) : null}
          <BusyButton variant="link" className="btn--danger-text" busy={remove.busy} onClick={removeClient} aria-label={`删除 ${client.clientId}`}>删除</BusyButton>
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
