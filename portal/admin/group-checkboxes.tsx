// The client groups as checkboxes in a fieldset (a client's or an account's groups).
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { groupsStore } from './stores.ts';
import { ConsoleText } from './console.messages.ts';

interface GroupCheckboxesProps {
  legend: string;
  selected: readonly string[];
  onChange(next: string[]): void;
  hint?: string;
  disabled?: boolean;
}

export function GroupCheckboxes({ legend, selected, onChange, hint, disabled }: GroupCheckboxesProps) {
  const state = useStore(groupsStore.$state);
  useEffect(() => groupsStore.ensure(), []);
  const groups = state.items ?? [];
  // A code the list does not know (a group removed elsewhere) stays visible, so it can be unticked.
  const unknown = selected.filter((code) => !groups.some((group) => group.code === code));
  const toggle = (code: string, on: boolean) => onChange(on ? [...selected, code] : selected.filter((c) => c !== code));
  return (
    <fieldset className="checks" disabled={disabled}>
      <legend>{legend}</legend>
      {hint ? <p className="field__hint">{hint}</p> : null}
      {state.items === null ? <p className="muted">{state.error ?? ConsoleText.groupsLoading}</p> : null}
      <div className="checks__list">
        {[...groups.map((group) => ({ code: group.code, name: group.name })), ...unknown.map((code) => ({ code, name: '' }))].map((group) => (
          <label key={group.code} className="check">
            <input type="checkbox" checked={selected.includes(group.code)} onChange={(event) => toggle(group.code, event.target.checked)} />
            {group.name ? ConsoleText.nameWithCode(group.name, group.code) : group.code}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
