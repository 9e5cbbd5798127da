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
import { ProtocolAppListText as T } from './clients.messages.ts';
import { ConsoleText } from './console.messages.ts';

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
        <h3>{T.heading}</h3>
        <button type="button" className="btn btn--primary" onClick={() => open('cas', null)}>{T.createCas}</button>
        <button type="button" className="btn btn--primary" onClick={() => open('saml', null)}>{T.createSaml}</button>
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
      <ListStatus state={state} retry={() => void protocolAppsStore.refresh()} empty={T.none} />
      {state.items && state.items.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{T.caption}</caption>
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">{T.columns.name}</th>
                <th scope="col">{T.columns.protocol}</th>
                <th scope="col">{T.columns.where}</th>
                <th scope="col">{T.columns.groups}</th>
                <th scope="col">{T.columns.actions}</th>
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
  const label = app.name ? ConsoleText.nameWithCode(app.name, app.id) : app.id;
  const what = app.protocol === 'cas' ? T.casService : T.samlApp;

  async function removeApp() {
    if (!(await confirmAction(T.removeConfirm(what, label), T.remove))) return;
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
              <span className="cell-line">{T.entityId(app.saml.entityId)}</span>
              {app.saml.acsUrls.map((url) => <span key={url} className="cell-note">{T.acs(url)}</span>)}
              <span className="cell-note">{T.nameId(app.saml.nameIdFormat, app.saml.signResponse)}</span>
            </>
          ) : null}
      </td>
      <td>{app.groups.length > 0 ? app.groups.map(groupName).join(T.groupsSeparator) : T.everyone}</td>
      <td>
        <div className="row-actions">
          <button type="button" className="btn btn--link" onClick={onEdit} aria-label={T.editOne(app.id)}>{T.edit}</button>
          <BusyButton variant="link" className="btn--danger-text" busy={remove.busy} onClick={removeApp} aria-label={T.removeOne(app.id)}>{T.remove}</BusyButton>
        </div>
        {remove.error ? <p className="form-error" role="alert">{remove.error}</p> : null}
      </td>
    </tr>
  );
}
