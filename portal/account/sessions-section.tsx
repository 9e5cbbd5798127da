// 登录设备: every portal session of the account (device, place by address, last used, the apps
// signed in through it), 退出 for one and 退出其他所有设备, each asked first in the console's
// confirmation dialog (the focus back on the button; on the heading once the row or the last other
// device is gone); and 最近登录记录, the last 20 sign-ins.
import { useCallback, useEffect, useState } from 'react';
import type { AccountSessionInfo, RecentSignIn } from '../../contract/endpoints/account.ts';
import { BusyButton } from '../admin/busy-button.tsx';
import { FormError } from '../admin/form-error.tsx';
import { api, notices } from './account-api.ts';
import { deviceName, formatTime, methodName, placeOf, resultName } from './format.ts';
import { useCall } from './use-call.ts';

export function SessionsSection() {
  const [sessions, setSessions] = useState<AccountSessionInfo[] | null>(null);
  const [ending, setEnding] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const load = useCall();
  const act = useCall();

  const refresh = useCallback(async () => {
    const answer = await load.run(() => api.get('/account/sessions', { quiet: true }));
    if (answer) setSessions(answer);
  }, [load.run]);
  useEffect(() => void refresh(), [refresh]);

  /** After a device has gone its 退出 button is gone too (or 退出其他所有设备 is disabled): the focus goes to the heading. */
  function focusSection() {
    requestAnimationFrame(() => document.getElementById('account-sessions')?.focus());
  }

  async function end(session: AccountSessionInfo) {
    const id = session.id;
    const asked = `退出 ${deviceName(session.userAgent)}（最近使用：${formatTime(session.lastSeenAt)}）？该设备上的登录和通过它登录的应用将被退出。`;
    if (!(await notices.confirm(asked, { okLabel: '退出该设备' }))) return;
    setEnding(id);
    setNote(null);
    const done = await act.run(async () => {
      await api.post('/account/sessions/end', { json: { id }, quiet: true });
      return true;
    });
    setEnding(null);
    if (done) setNote('该设备已退出');
    await refresh();
    if (done) focusSection();
  }

  async function endOthers() {
    if (!(await notices.confirm('退出其他所有设备？除当前设备外，所有设备上的登录和通过它们登录的应用都将被退出。', { okLabel: '退出其他所有设备' }))) return;
    setEnding('others');
    setNote(null);
    const answer = await act.run(() => api.post('/account/sessions/end-others', { json: {}, quiet: true }));
    setEnding(null);
    if (answer) setNote(answer.ended > 0 ? `已退出其他 ${answer.ended} 台设备` : '没有其他设备需要退出');
    await refresh();
    if (answer) focusSection();
  }

  const others = (sessions ?? []).filter((s) => !s.current).length;
  return (
    <section className="account-card account-card--wide" aria-labelledby="account-sessions" data-section="sessions">
      <h2 id="account-sessions" tabIndex={-1}>登录设备</h2>
      {sessions === null ? <p className="muted" role="status">{load.error ?? '正在加载…'}</p> : (
        <ul className="account-sessions">
          {sessions.map((s) => (
            <li key={s.id} className="account-session" data-current={s.current ? 'true' : 'false'}>
              <div>
                <strong title={s.userAgent}>{deviceName(s.userAgent)}</strong>
                {s.current ? <span className="account-badge">当前设备</span> : null}
                <p className="muted">地点：{placeOf(s.ip, s.place)} · 最近使用：{formatTime(s.lastSeenAt)} · 登录于：{formatTime(s.createdAt)}</p>
                <p className="muted">已登录的应用：{s.apps.length > 0 ? s.apps.join('、') : '无'}</p>
              </div>
              {s.current ? null : (
                <BusyButton variant="danger" busy={ending === s.id} busyLabel="正在退出…" disabled={ending !== null && ending !== s.id} onClick={() => void end(s)} aria-label={`退出 ${deviceName(s.userAgent)}（${formatTime(s.lastSeenAt)}）`}>退出</BusyButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {note ? <p role="status" className="account-ok">{note}</p> : null}
      <FormError text={act.error} />
      <div className="account-actions">
        <BusyButton variant="danger" busy={ending === 'others'} busyLabel="正在退出…" disabled={others === 0 || (ending !== null && ending !== 'others')} onClick={() => void endOthers()}>退出其他所有设备</BusyButton>
      </div>
    </section>
  );
}

export function SignInsSection() {
  const [rows, setRows] = useState<RecentSignIn[] | null>(null);
  const load = useCall();
  useEffect(() => {
    void load.run(() => api.get('/account/sign-ins', { quiet: true })).then((answer) => answer && setRows(answer));
  }, [load.run]);
  return (
    <section className="account-card account-card--wide" aria-labelledby="account-sign-ins" data-section="sign-ins">
      <h2 id="account-sign-ins">最近登录记录</h2>
      {rows === null ? <p className="muted" role="status">{load.error ?? '正在加载…'}</p> : rows.length === 0 ? <p className="muted">暂无记录</p> : (
        <div className="account-table-wrap">
          <table className="account-table table--cards">
            <caption className="visually-hidden">最近 20 次登录</caption>
            <thead><tr><th scope="col">时间</th><th scope="col">方式</th><th scope="col">结果</th><th scope="col">地点</th></tr></thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={`${r.at}-${i}`} data-result={r.result}>
                  <td data-label="时间">{formatTime(r.at)}</td><td data-label="方式">{methodName(r.method)}</td><td data-label="结果">{resultName(r.result)}</td><td data-label="地点">{placeOf(r.ip, r.place)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
