// The groups a directory mapping gave an account, read-only in its panel (the sync adds and removes
// them; an administrator grants others with the checkboxes below), and a directory's name by id.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { directoriesStore, groupsStore } from './stores.ts';
import { DIRECTORY_TEXT as T } from './directory.messages.ts';
import { ConsoleText } from './console.messages.ts';

/** The directory's name once the list is loaded (the id until then, or when it is gone). */
export function directoryName(id: string | null): string {
  const found = directoriesStore.$state.get().items?.find((d) => d.id === id);
  return found ? ConsoleText.nameWithCode(found.name, found.id) : (id ?? '');
}

export function DirectoryGroups({ codes }: { codes: readonly string[] }) {
  const groups = useStore(groupsStore.$state).items ?? [];
  // Subscribed so directoryName re-renders its caller's facts once the directories arrive.
  useStore(directoriesStore.$state);
  useEffect(() => directoriesStore.ensure(), []);
  const nameOf = (code: string) => groups.find((group) => group.code === code)?.name;
  return (
    <div className="checks" role="group" aria-labelledby="directory-groups-legend" data-testid="directory-groups">
      <p id="directory-groups-legend" className="field__label">{T.directoryGroupsLegend}</p>
      <p className="field__hint">{T.directoryGroupsHint}</p>
      {codes.length === 0 ? <p className="muted">{T.noDirectoryGroups}</p> : (
        <ul className="badge-list">
          {codes.map((code) => {
            const name = nameOf(code);
            return <li key={code} className="badge badge--directory">{name ? ConsoleText.nameWithCode(name, code) : code}</li>;
          })}
        </ul>
      )}
    </div>
  );
}
