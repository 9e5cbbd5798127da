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
import { PageText, SessionsText as T } from './account.messages.ts';

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
    const asked = T.endConfirm(deviceName(session.userAgent), formatTime(session.lastSeenAt));
    if (!(await notices.confirm(asked, { okLabel: T.endConfirmOk }))) return;
    setEnding(id);
    setNote(null);
    const done = await act.run(async () => {
      await api.post('/account/sessions/end', { json: { id }, quiet: true });
      return true;
    });
    setEnding(null);
    if (done) setNote(T.ended);
    await refresh();
    if (done) focusSection();
  }

  async function endOthers() {
    if (!(await notices.confirm(T.endOthersConfirm, { okLabel: T.endOthers }))) return;
    setEnding('others');
    setNote(null);
    const answer = await act.run(() => api.post('/account/sessions/end-others', { json: {}, quiet: true }));
    setEnding(null);
    if (answer) setNote(T.endedOthers(answer.ended));
    await refresh();
    if (answer) focusSection();
  }

  const others = (sessions ?? []).filter((s) => !s.current).length;
  return (
    <section className="account-card account-card--wide" aria-labelledby="account-sessions" data-section="sessions">
      <h2 id="account-sessions" tabIndex={-1}>{T.heading}</h2>
      {sessions === null ? <p className="muted" role="status">{load.error ?? PageText.loading}</p> : (
        <ul className="account-sessions">
          {sessions.map((s) => (
            <li key={s.id} className="account-session" data-current={s.current ? 'true' : 'false'}>
              <div>
                <strong title={s.userAgent}>{deviceName(s.userAgent)}</strong>
                {s.current ? <span className="account-badge">{T.current}</span> : null}
                <p className="muted">{T.whereWhen(placeOf(s.ip, s.place), formatTime(s.lastSeenAt), formatTime(s.createdAt))}</p>
                <p className="muted">{T.apps(s.apps)}</p>
              </div>
              {s.current ? null : (
                <BusyButton variant="danger" busy={ending === s.id} busyLabel={T.ending} disabled={ending !== null && ending !== s.id} onClick={() => void end(s)} aria-label={T.endOne(deviceName(s.userAgent), formatTime(s.lastSeenAt))}>{T.end}</BusyButton>
              )}
            </li>
          ))}
        </ul>
      )}
      {note ? <p role="status" className="account-ok">{note}</p> : null}
      <FormError text={act.error} />
      <div className="account-actions">
        <BusyButton variant="danger" busy={ending === 'others'} busyLabel={T.ending} disabled={others === 0 || (ending !== null && ending !== 'others')} onClick={() => void endOthers()}>{T.endOthers}</BusyButton>
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
      <h2 id="account-sign-ins">{T.signInsHeading}</h2>
      {rows === null ? <p className="muted" role="status">{load.error ?? PageText.loading}</p> : rows.length === 0 ? <p className="muted">{T.signInsNone}</p> : (
        <div className="account-table-wrap">
          <table className="account-table table--cards">
            <caption className="visually-hidden">{T.signInsCaption}</caption>
            <thead><tr><th scope="col">{T.columns.time}</th><th scope="col">{T.columns.method}</th><th scope="col">{T.columns.result}</th><th scope="col">{T.columns.place}</th></tr></thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={`${r.at}-${i}`} data-result={r.result}>
                  <td data-label={T.columns.time}>{formatTime(r.at)}</td><td data-label={T.columns.method}>{methodName(r.method)}</td><td data-label={T.columns.result}>{resultName(r.result)}</td><td data-label={T.columns.place}>{placeOf(r.ip, r.place)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
