// 客户群: the client groups (table and the create / edit form with its live login-page preview; 删除
// after a confirmation, refused by the server while an app or a directory still names the group).
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ConsoleGroup } from '../../contract/endpoints/console.ts';
import { groupsStore } from './stores.ts';
import { GroupForm } from './group-form.tsx';
import { ListStatus } from './list-status.tsx';
import { focusHeading } from './focus.ts';
import { api, confirmAction } from './console-api.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';
import { GroupListText as T } from './groups.messages.ts';

export function GroupsSection() {
  const state = useStore(groupsStore.$state);
  const [editing, setEditing] = useState<{ group: ConsoleGroup | null; key: number } | null>(null);
  const [savedNote, setSavedNote] = useState('');
  useEffect(() => groupsStore.ensure(), []);

  function open(group: ConsoleGroup | null) {
    setSavedNote('');
    setEditing({ group, key: Date.now() });
    focusHeading('group-form-title');
  }

  async function reload(code: string): Promise<ConsoleGroup | null> {
    await groupsStore.refresh();
    return groupsStore.$state.get().items?.find((g) => g.code === code) ?? null;
  }

  return (
    <>
      <h2 id="heading-groups" tabIndex={-1}>{T.heading}</h2>
      <div className="toolbar">
        <button type="button" className="btn btn--primary" onClick={() => open(null)}>{T.create}</button>
        <span role="status" className="cell-note">{savedNote}</span>
      </div>
      {editing ? (
        <GroupForm
          key={editing.key}
          group={editing.group}
          onCancel={() => setEditing(null)}
          onSaved={(group) => {
            setEditing(null);
            setSavedNote(T.saved(group.name, group.code));
            void groupsStore.refresh();
          }}
          reload={() => reload(editing.group?.code ?? '')}
        />
      ) : null}
      <ListStatus state={state} retry={() => void groupsStore.refresh()} empty={T.none} />
      {state.items && state.items.length > 0 ? (
        <div className="table-wrap">
          <table className="table table--cards">
            <caption className="visually-hidden">{T.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{T.columns.code}</th>
                <th scope="col">{T.columns.name}</th>
                <th scope="col">{T.columns.domains}</th>
                <th scope="col">{T.columns.traits}</th>
                <th scope="col">{T.columns.sortOrder}</th>
                <th scope="col">{T.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {state.items.map((group) => (
                <GroupRow
                  key={group.code}
                  group={group}
                  onEdit={() => open(group)}
                  onRemoved={() => {
                    if (editing?.group?.code === group.code) setEditing(null);
                    setSavedNote(T.removed(group.name, group.code));
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}

function GroupRow({ group, onEdit, onRemoved }: { group: ConsoleGroup; onEdit(): void; onRemoved(): void }) {
  const remove = useAction();
  async function removeGroup() {
    if (!(await confirmAction(T.removeConfirm(group.name, group.code), T.remove))) return;
    const done = await remove.run(() => api.post('/console/groups/remove', { json: { code: group.code }, quiet: true }).then(() => true));
    if (!done) return;
    onRemoved();
    void groupsStore.refresh();
  }
  return (
    <tr>
      <th scope="row" data-label={T.columns.code}><code>{group.code}</code></th>
      <td data-label={T.columns.name}>{group.name}</td>
      <td className="cell-url" data-label={T.columns.domains}>{group.domains.join(T.domainsSeparator) || '—'}</td>
      <td data-label={T.columns.traits}>
        {group.isDefault ? <span className="badge badge--on">{T.isDefault}</span> : null}
        {group.staffOnly ? <span className="badge">{T.staffOnly}</span> : null}
        {group.theme ? <span className="badge">{T.themed}</span> : null}
      </td>
      <td data-label={T.columns.sortOrder}>{group.sortOrder}</td>
      <td data-label={T.columns.actions}>
        <div className="row-actions">
          <button type="button" className="btn btn--link" onClick={onEdit} aria-label={T.editOne(group.name)}>{T.edit}</button>
          <BusyButton variant="link" className="btn--danger-text" busy={remove.busy} onClick={removeGroup} aria-label={T.removeOne(group.name)}>{T.remove}</BusyButton>
        </div>
        {remove.error ? <p className="form-error" role="alert">{remove.error}</p> : null}
      </td>
    </tr>
  );
}
