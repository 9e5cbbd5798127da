// The account's sessions (GET /console/accounts/sessions): each with 结束, and 结束全部会话; each
// ending sends single logout to the apps the session signed into.
import { useCallback, useEffect, useState } from 'react';
import type { ConsoleSession } from '../../contract/endpoints/console.ts';
import { api, confirmAction } from './console-api.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';
import { formatTime } from './format.ts';
import { AccountSessionsText as T } from './accounts.messages.ts';

export function AccountSessions({ username, generation }: { username: string; generation: number }) {
  const [sessions, setSessions] = useState<ConsoleSession[] | null>(null);
  const [note, setNote] = useState('');
  const load = useAction();
  const endAll = useAction();
  const { run } = load;

  const refresh = useCallback(async () => {
    const list = await run(() => api.get('/console/accounts/sessions', { params: { username }, quiet: true }));
    if (list) setSessions(list);
  }, [run, username]);

  useEffect(() => {
    void refresh();
  }, [refresh, generation]);

  async function endEverything() {
    if (!(await confirmAction(T.endAllConfirm(username), T.endAll))) return;
    const result = await endAll.run(() => api.post('/console/accounts/sessions/end', { json: { username }, quiet: true }));
    if (result) {
      setNote(T.ended(result.ended));
      void refresh();
    }
  }

  return (
    <div className="subsection">
      <div className="toolbar">
        <h4>{T.heading}</h4>
        <BusyButton busy={load.busy} busyLabel={T.refreshing} onClick={() => void refresh()}>{T.refresh}</BusyButton>
        <BusyButton variant="danger" busy={endAll.busy} busyLabel={T.endingAll} disabled={!sessions || sessions.length === 0} onClick={endEverything}>{T.endAll}</BusyButton>
        <span role="status" className="cell-note">{note}</span>
      </div>
      {load.error ? <p className="form-error" role="alert">{load.error}</p> : null}
      {endAll.error ? <p className="form-error" role="alert">{endAll.error}</p> : null}
      {sessions === null ? (load.error ? null : <p className="muted" role="status">{T.loading}</p>) : sessions.length === 0 ? <p className="muted">{T.none}</p> : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{T.caption(username)}</caption>
            <thead>
              <tr>
                <th scope="col">{T.columns.started}</th>
                <th scope="col">{T.columns.lastSeen}</th>
                <th scope="col">{T.columns.apps}</th>
                <th scope="col">{T.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => <SessionRow key={session.id} username={username} session={session} onEnded={() => { setNote(T.ended(1)); void refresh(); }} />)}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function SessionRow({ username, session, onEnded }: { username: string; session: ConsoleSession; onEnded(): void }) {
  const end = useAction();
  async function endOne() {
    const result = await end.run(() => api.post('/console/accounts/sessions/end', { json: { username, id: session.id }, quiet: true }));
    if (result) onEnded();
  }
  return (
    <tr>
      <td>{formatTime(session.createdAt)}</td>
      <td>{formatTime(session.lastSeenAt)}</td>
      <td>{session.apps.join(T.appsSeparator) || '—'}</td>
      <td>
        <BusyButton variant="link" busy={end.busy} onClick={endOne} aria-label={T.endOne(formatTime(session.createdAt))}>{T.end}</BusyButton>
        {end.error ? <p className="form-error" role="alert">{end.error}</p> : null}
      </td>
    </tr>
  );
}
