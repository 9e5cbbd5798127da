// 目录: the company directories (OpenLDAP, Active Directory) whose people sign in here, with the
// last sync of each, 测试连接, 立即同步 and the add / edit form (docs/directory.md).
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ConsoleDirectory } from '../../contract/endpoints/console-directories.ts';
import { directoriesStore } from './stores.ts';
import { DirectoryForm } from './directory-form.tsx';
import { DirectoryRow } from './directory-row.tsx';
import { ListStatus } from './list-status.tsx';
import { focusHeading } from './focus.ts';
import { DIRECTORY_TEXT as T } from './directory.messages.ts';

export function DirectoriesSection() {
  const state = useStore(directoriesStore.$state);
  const [editing, setEditing] = useState<{ directory: ConsoleDirectory | null; key: number } | null>(null);
  const [note, setNote] = useState('');
  useEffect(() => directoriesStore.ensure(), []);

  function open(directory: ConsoleDirectory | null) {
    setNote('');
    setEditing({ directory, key: Date.now() });
    focusHeading('directory-form-title');
  }

  async function reload(id: string): Promise<ConsoleDirectory | null> {
    await directoriesStore.refresh();
    return directoriesStore.$state.get().items?.find((d) => d.id === id) ?? null;
  }

  return (
    <>
      <h2 id="heading-directories" tabIndex={-1}>{T.section}</h2>
      <p className="muted">{T.intro}</p>
      <div className="toolbar">
        <button type="button" className="btn btn--primary" onClick={() => open(null)}>{T.add}</button>
        <span role="status" className="cell-note">{note}</span>
      </div>
      {editing ? (
        <DirectoryForm
          key={editing.key}
          directory={editing.directory}
          onCancel={() => setEditing(null)}
          onSaved={(directory) => {
            setEditing(null);
            setNote(T.saved(directory.name, directory.id));
            void directoriesStore.refresh();
          }}
          reload={() => reload(editing.directory?.id ?? '')}
        />
      ) : null}
      <ListStatus state={state} retry={() => void directoriesStore.refresh()} empty={T.empty} />
      {state.items && state.items.length > 0 ? (
        <div className="table-wrap">
          <table className="table table--cards directories">
            <caption className="visually-hidden">{T.listCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{T.columns.name}</th>
                <th scope="col">{T.columns.servers}</th>
                <th scope="col">{T.columns.mappings}</th>
                <th scope="col">{T.columns.lastSync}</th>
                <th scope="col">{T.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {state.items.map((directory) => (
                <DirectoryRow
                  key={directory.id}
                  directory={directory}
                  onEdit={() => open(directory)}
                  onSynced={() => void directoriesStore.refresh()}
                  onRemoved={() => {
                    if (editing?.directory?.id === directory.id) setEditing(null);
                    setNote(T.removed(directory.name));
                    void directoriesStore.refresh();
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
