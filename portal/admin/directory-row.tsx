// One directory in the 目录 list: its servers, the last sync's result and time, and its actions
// (编辑, 测试连接, 立即同步, 删除), each waiting action with its own busy button. The outcome of
// 测试连接 / 立即同步 stays under the row (role=status) until the next one.
import { useState } from 'react';
import type { ConsoleDirectory, DirectorySyncResult } from '../../contract/endpoints/console-directories.ts';
import { api, confirmAction } from './console-api.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';
import { FormError } from './form-error.tsx';
import { formatTime } from './format.ts';
import { DIRECTORY_TEXT as T, syncSummary } from './directory.messages.ts';

interface DirectoryRowProps {
  directory: ConsoleDirectory;
  onEdit(): void;
  onSynced(result: DirectorySyncResult): void;
  onRemoved(): void;
}

type Outcome = { tone: 'ok' | 'error'; text: string; clashes?: string[] } | null;

const CLASHES_SHOWN = 20;

export function DirectoryRow({ directory, onEdit, onSynced, onRemoved }: DirectoryRowProps) {
  const action = useAction();
  const [running, setRunning] = useState<'test' | 'sync' | 'remove' | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const id = directory.id;

  async function test() {
    setRunning('test');
    setOutcome(null);
    const result = await action.run(() => api.post('/console/directories/test', { json: { id }, quiet: true }));
    setRunning(null);
    if (!result) return;
    setOutcome(result.ok ? { tone: 'ok', text: T.testOk(result.found ?? 0, result.url) } : { tone: 'error', text: T.testFailed(result.error ?? T.unknownReason) });
  }

  async function sync() {
    setRunning('sync');
    setOutcome({ tone: 'ok', text: T.syncingNote });
    const result = await action.run(() => api.post('/console/directories/sync', { json: { id }, quiet: true }));
    setRunning(null);
    if (!result) {
      setOutcome(null);
      return;
    }
    setOutcome({ tone: result.ok ? 'ok' : 'error', text: syncSummary(result), clashes: result.clashes });
    onSynced(result);
  }

  async function remove() {
    if (!(await confirmAction(T.removeConfirm(directory.name), T.removeOk))) return;
    setRunning('remove');
    const done = await action.run(() => api.post('/console/directories/remove', { json: { id }, quiet: true }).then(() => true));
    setRunning(null);
    if (done) onRemoved();
  }

  const last = directory.lastSync;
  const clashes = outcome?.clashes ?? [];
  return (
    <tr data-directory={id}>
      <th scope="row" data-label={T.columns.name}>
        <span className="cell-line">{directory.name}</span>
        <code className="muted">{id}</code>
      </th>
      <td className="cell-url" data-label={T.columns.servers}>
        {directory.urls.map((url) => <span key={url} className="cell-line">{url}</span>)}
        {directory.startTls ? <span className="badge">StartTLS</span> : null}
      </td>
      <td data-label={T.columns.mappings}>{T.mappingCount(directory.groupMappings.length)}</td>
      <td data-label={T.columns.lastSync} data-testid="directory-last-sync">
        {last ? (
          <>
            <span className="cell-line">{formatTime(last.at)}</span>
            <span className={`cell-line${last.ok ? '' : ' field__error'}`}>{syncSummary(last)}</span>
          </>
        ) : <span className="muted">{T.never}{T.syncEvery(directory.syncMinutes)}</span>}
      </td>
      <td data-label={T.columns.actions}>
        <div className="row-actions">
          <button type="button" className="btn btn--link" onClick={onEdit} disabled={action.busy} aria-label={T.editOne(directory.name)}>{T.edit}</button>
          <BusyButton variant="link" busy={running === 'test'} busyLabel={T.testing} disabled={action.busy} onClick={() => void test()} aria-label={T.actionOn(T.test, directory.name)}>{T.test}</BusyButton>
          <BusyButton variant="link" busy={running === 'sync'} busyLabel={T.syncing} disabled={action.busy} onClick={() => void sync()} aria-label={T.actionOn(T.sync, directory.name)}>{T.sync}</BusyButton>
          <BusyButton variant="link" className="btn--danger-text" busy={running === 'remove'} busyLabel={T.removing} disabled={action.busy} onClick={() => void remove()} aria-label={T.removeOne(directory.name)}>{T.remove}</BusyButton>
        </div>
        <div role="status" className="directory-outcome" data-testid="directory-outcome">
          {outcome ? <p className={outcome.tone === 'error' ? 'field__error' : 'cell-note'}>{outcome.text}</p> : null}
          {clashes.length > 0 ? (
            <p className="cell-note">
              {T.clashes(clashes.slice(0, CLASHES_SHOWN), clashes.length)}
            </p>
          ) : null}
        </div>
        <FormError text={action.error} />
      </td>
    </tr>
  );
}
