// The application centre's app cards: a table with 编辑 / 删除 and the form to create or edit one.
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ConsoleApp } from '../../contract/endpoints/console.ts';
import { api, confirmAction } from './console-api.ts';
import { appsStore, clientsStore, groupsStore } from './stores.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';
import { ListStatus } from './list-status.tsx';
import { AppForm } from './app-form.tsx';
import { focusHeading } from './focus.ts';
import { AppCardListText as T } from './clients.messages.ts';

export function AppsPanel() {
  const state = useStore(appsStore.$state);
  const groups = useStore(groupsStore.$state).items ?? [];
  const [editing, setEditing] = useState<{ app: ConsoleApp | null; key: number } | null>(null);
  useEffect(() => {
    appsStore.ensure();
    groupsStore.ensure();
    clientsStore.ensure();
  }, []);
  const groupName = (code: string) => groups.find((group) => group.code === code)?.name ?? code;

  function open(app: ConsoleApp | null) {
    setEditing({ app, key: Date.now() });
    focusHeading('app-form-title');
  }

  return (
    <div className="subsection">
      <div className="toolbar">
        <h3>{T.heading}</h3>
        <button type="button" className="btn btn--primary" onClick={() => open(null)}>{T.create}</button>
      </div>
      {editing ? (
        <AppForm
          key={editing.key}
          app={editing.app}
          onCancel={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void appsStore.refresh();
          }}
        />
      ) : null}
      <ListStatus state={state} retry={() => void appsStore.refresh()} empty={T.none} />
      {state.items && state.items.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{T.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{T.columns.name}</th>
                <th scope="col">{T.columns.group}</th>
                <th scope="col">{T.columns.link}</th>
                <th scope="col">{T.columns.oidcClient}</th>
                <th scope="col">{T.columns.sortOrder}</th>
                <th scope="col">{T.columns.visible}</th>
                <th scope="col">{T.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {state.items.map((app) => <AppRow key={app.id} app={app} groupName={groupName(app.groupCode)} onEdit={() => open(app)} />)}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

function AppRow({ app, groupName, onEdit }: { app: ConsoleApp; groupName: string; onEdit(): void }) {
  const remove = useAction();
  async function removeApp() {
    if (!(await confirmAction(T.removeConfirm(app.name), T.remove))) return;
    const done = await remove.run(() => api.post('/console/apps/remove', { json: { id: app.id }, quiet: true }).then(() => true));
    if (done) void appsStore.refresh();
  }
  return (
    <tr>
      <th scope="row">{app.name}<span className="cell-note"><code>{app.id}</code></span></th>
      <td>{groupName}</td>
      <td className="cell-url">{app.autoLoginUrl}</td>
      <td>{app.oidcClientId ?? '—'}</td>
      <td>{app.sortOrder}</td>
      <td>{app.visible ? T.shown : T.hidden}</td>
      <td>
        <div className="row-actions">
          <button type="button" className="btn btn--link" onClick={onEdit} aria-label={T.editOne(app.name)}>{T.edit}</button>
          <BusyButton variant="link" className="btn--danger-text" busy={remove.busy} onClick={removeApp} aria-label={T.removeOne(app.name)}>{T.remove}</BusyButton>
        </div>
        {remove.error ? <p className="form-error" role="alert">{remove.error}</p> : null}
      </td>
    </tr>
  );
}
