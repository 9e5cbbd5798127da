// 应用 → CAS 服务与 SAML 应用: the CAS services and SAML service providers (what the CLI's
// add-client --protocol cas|saml registers), a table with 编辑 / 删除 and the form to create or edit
// one of either kind.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ConsoleProtocolApp } from '../../contract/endpoints/console.ts';
import { api, confirmAction } from './console-api.ts';
import { groupsStore, protocolAppsStore } from './stores.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';
import { ListStatus } from './list-status.tsx';
import { ProtocolAppForm, type ProtocolKind } from './protocol-app-form.tsx';
import { focusHeading } from './focus.ts';

type Editing = { kind: ProtocolKind; app: ConsoleProtocolApp | null; key: number } | null;

export function ProtocolAppsPanel() {
  const state = useStore(protocolAppsStore.$state);
  const groups = useStore(groupsStore.$state).items ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  useEffect(() => {
    protocolAppsStore.ensure();
    groupsStore.ensure();
  }, []);
  const groupName = (code: string) => groups.find((group) => group.code === code)?.name ?? code;

  function open(kind: ProtocolKind, app: ConsoleProtocolApp | null) {
    setEditing({ kind, app, key: Date.now() });
    focusHeading('protocol-app-form-title');
  }

  async function reload(id: string): Promise<ConsoleProtocolApp | null> {
    await protocolAppsStore.refresh();
    return protocolAppsStore.$state.get().items?.find((a) => a.id === id) ?? null;
  }

  return (
    <div className="subsection">
      <div className="toolbar">
        <h3>CAS 服务与 SAML 应用</h3>
        <button type="button" className="btn btn--primary" onClick={() => open('cas', null)}>新建 CAS 服务</button>
        <button type="button" className="btn btn--primary" onClick={() => open('saml', null)}>新建 SAML 应用</button>
      </div>
      {editing ? (
        <ProtocolAppForm
          key={editing.key}
          kind={editing.kind}
          app={editing.app}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void protocolAppsStore.refresh();
          }}
          reload={() => reload(editing.app?.id ?? '')}
        />
      ) : null}
      <ListStatus state={state} retry={() => void protocolAppsStore.refresh()} empty="还没有 CAS 服务或 SAML 应用。" />
      {state.items && state.items.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">CAS 服务与 SAML 应用列表</caption>
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">名称</th>
                <th scope="col">协议</th>
                <th scope="col">服务地址 / SP</th>
                <th scope="col">客户群</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {state.items.map((app) => (
                <ProtocolAppRow key={app.id} app={app} groupName={groupName} onEdit={() => open(app.protocol, app)} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

function ProtocolAppRow({ app, groupName, onEdit }: { app: ConsoleProtocolApp; groupName(code: string): string; onEdit(): void }) {
  const remove = useAction();
  const label = app.name ? `${app.name}（${app.id}）` : app.id;
  const what = app.protocol === 'cas' ? 'CAS 服务' : 'SAML 应用';

  async function removeApp() {
    if (!(await confirmAction(`删除${what} ${label}？此操作不可撤销，该应用将无法再通过单点登录登录。`, '删除'))) return;
    const done = await remove.run(() => api.post('/console/protocol-apps/remove', { json: { id: app.id }, quiet: true }).then(() => true));
    if (done) void protocolAppsStore.refresh();
  }

  return (
    <tr>
      <th scope="row"><code>{app.id}</code></th>
      <td>{app.name ?? '—'}</td>
      <td>{app.protocol === 'cas' ? 'CAS 3.0' : 'SAML 2.0'}</td>
      <td className="cell-url">
        {app.protocol === 'cas'
          ? app.services.map((service) => <span key={service} className="cell-line">{service}</span>)
          : app.saml ? (
            <>
              <span className="cell-line">entityID：{app.saml.entityId}</span>
              {app.saml.acsUrls.map((url) => <span key={url} className="cell-note">ACS：{url}</span>)}
              <span className="cell-note">NameID：{app.saml.nameIdFormat}{app.saml.signResponse ? '，签名整个响应' : ''}</span>
            </>
          ) : null}
      </td>
      <td>{app.groups.length > 0 ? app.groups.map(groupName).join('、') : '全部账号'}</td>
      <td>
        <div className="row-actions">
          <button type="button" className="btn btn--link" onClick={onEdit} aria-label={`编辑 ${app.id}`}>编辑</button>
          <BusyButton variant="link" className="btn--danger-text" busy={remove.busy} onClick={removeApp} aria-label={`删除 ${app.id}`}>删除</BusyButton>
        </div>
        {remove.error ? <p className="form-error" role="alert">{remove.error}</p> : null}
      </td>
    </tr>
  );
}
