// The account's sessions (GET /console/accounts/sessions): each with 结束, and 结束全部会话; each
// ending sends single logout to the apps the session signed into.
import { useCallback, useEffect, useState } from 'react';
import type { ConsoleSession } from '../../contract/endpoints/console.ts';
import { api, confirmAction } from './console-api.ts';
import { useAction } from './use-action.ts';
import { BusyButton } from './busy-button.tsx';
import { formatTime } from './format.ts';

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
    if (!(await confirmAction(`结束 ${username} 的全部会话？该账号将在所有设备上退出，已登录的应用会收到单点退出通知。`, '结束全部会话'))) return;
    const result = await endAll.run(() => api.post('/console/accounts/sessions/end', { json: { username }, quiet: true }));
    if (result) {
      setNote(`已结束 ${result.ended} 个会话`);
      void refresh();
    }
  }

  return (
    <div className="subsection">
      <div className="toolbar">
        <h4>会话</h4>
        <BusyButton busy={load.busy} busyLabel="刷新中…" onClick={() => void refresh()}>刷新</BusyButton>
        <BusyButton variant="danger" busy={endAll.busy} busyLabel="正在结束…" disabled={!sessions || sessions.length === 0} onClick={endEverything}>结束全部会话</BusyButton>
        <span role="status" className="cell-note">{note}</span>
      </div>
      {load.error ? <p className="form-error" role="alert">{load.error}</p> : null}
      {endAll.error ? <p className="form-error" role="alert">{endAll.error}</p> : null}
      {sessions === null ? (load.error ? null : <p className="muted" role="status">正在加载…</p>) : sessions.length === 0 ? <p className="muted">该账号当前没有会话。</p> : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{username} 的会话</caption>
            <thead>
              <tr>
                <th scope="col">开始时间</th>
                <th scope="col">最近活动</th>
                <th scope="col">已登录的应用</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => <SessionRow key={session.id} username={username} session={session} onEnded={() => { setNote('已结束 1 个会话'); void refresh(); }} />)}
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
      <td>{session.apps.join('、') || '—'}</td>
      <td>
        <BusyButton variant="link" busy={end.busy} onClick={endOne} aria-label={`结束 ${formatTime(session.createdAt)} 开始的会话`}>结束</BusyButton>
        {end.error ? <p className="form-error" role="alert">{end.error}</p> : null}
      </td>
    </tr>
  );
}
