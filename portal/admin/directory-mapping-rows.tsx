// The group mappings of a directory as rows: a directory group's DN → a client group (select), each
// row removable, 添加映射 below. The rows are the form's own state, so nothing typed is lost.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { groupsStore } from './stores.ts';
import { DIRECTORY_TEXT as T } from './directory.messages.ts';
import { ConsoleText } from './console.messages.ts';

export interface MappingRow {
  /** Stable key of the row while it is edited (not sent). */
  key: number;
  dn: string;
  group: string;
}

interface MappingRowsProps {
  rows: MappingRow[];
  onChange(rows: MappingRow[]): void;
  /** Row index → the problem with it (shown under the row). */
  errors: Partial<Record<number, string>>;
}

let nextKey = 1;
export function newMappingRow(dn = '', group = ''): MappingRow {
  return { key: nextKey++, dn, group };
}

export function MappingRows({ rows, onChange, errors }: MappingRowsProps) {
  const state = useStore(groupsStore.$state);
  useEffect(() => groupsStore.ensure(), []);
  const groups = state.items ?? [];
  const set = (key: number, change: Partial<MappingRow>) => onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  function add() {
    const row = newMappingRow();
    onChange([...rows, row]);
    requestAnimationFrame(() => document.getElementById(`mapping-dn-${row.key}`)?.focus());
  }

  function remove(index: number) {
    onChange(rows.filter((_, at) => at !== index));
    // The focus goes to the row that took its place, or to 添加映射 when it was the last.
    requestAnimationFrame(() => {
      const next = rows[index + 1] ?? rows[index - 1];
      (next ? document.getElementById(`mapping-dn-${next.key}`) : document.getElementById('mapping-add'))?.focus();
    });
  }

  return (
    <fieldset className="checks mappings">
      <legend>{T.mappingsLegend}</legend>
      <p className="field__hint">{T.mappingsHint}</p>
      {state.items === null ? <p className="muted">{state.error ?? ConsoleText.groupsLoading}</p> : null}
      {rows.length === 0 ? <p className="muted">{T.mappingsEmpty}</p> : null}
      <ol className="mappings__list">
        {rows.map((row, index) => {
          const error = errors[index];
          const errorId = `mapping-error-${row.key}`;
          const known = groups.some((group) => group.code === row.group);
          return (
            <li key={row.key} className="mapping">
              <input
                id={`mapping-dn-${row.key}`}
                className="mapping__dn"
                aria-label={T.mappingDn(index + 1)}
                placeholder="cn=sales,ou=groups,dc=example,dc=com"
                maxLength={1024}
                value={row.dn}
                spellCheck={false}
                autoComplete="off"
                onChange={(event) => set(row.key, { dn: event.target.value })}
                {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
              />
              <span className="mapping__arrow" aria-hidden="true">→</span>
              <select
                className="mapping__group"
                aria-label={T.mappingGroup(index + 1)}
                value={row.group}
                onChange={(event) => set(row.key, { group: event.target.value })}
                {...(error ? { 'aria-describedby': errorId } : {})}
              >
                <option value="">{T.mappingChoose}</option>
                {groups.map((group) => <option key={group.code} value={group.code}>{ConsoleText.nameWithCode(group.name, group.code)}</option>)}
                {row.group && !known ? <option value={row.group}>{row.group}</option> : null}
              </select>
              <button type="button" className="btn btn--link btn--danger-text" onClick={() => remove(index)} aria-label={T.mappingRemove(index + 1)}>{T.remove}</button>
              {error ? <p id={errorId} className="field__error mapping__error">{error}</p> : null}
            </li>
          );
        })}
      </ol>
      <button id="mapping-add" type="button" className="btn btn--plain" onClick={add}>{T.mappingAdd}</button>
    </fieldset>
  );
}
