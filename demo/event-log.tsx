// Shows every widget event as it happens; "keep the preview here" cancels the events whose
// default is to leave the page (sign-in redirect, opening an app, exit, app-center's 去登录) and holds the elements'
// own page changes (AU00300 -> /login, 424 -> /), logging them instead, so the demo stays put.
import { useEffect, useRef, useState } from 'react';
import { setNavigator } from '../widget/core/navigate.ts';
import { WATCHED_EVENTS } from './demo-data.ts';

interface LoggedEvent {
  id: number;
  time: string;
  name: string;
  detail: string;
  prevented: boolean;
}

const CANCELED_BY_DEMO = new Set(['sso-login-success', 'app-center-open', 'app-center-exit', 'app-center-sign-in']);

export function EventLog() {
  const [entries, setEntries] = useState<LoggedEvent[]>([]);
  const [stay, setStay] = useState(true);
  const stayRef = useRef(stay);
  stayRef.current = stay;

  useEffect(() => {
    let nextId = 1;
    const log = (name: string, detail: unknown, prevented: boolean) => {
      const entry: LoggedEvent = {
        id: nextId++,
        time: new Date().toLocaleTimeString('zh-CN', { hour12: false }),
        name,
        detail: JSON.stringify(detail),
        prevented,
      };
      setEntries((previous) => [entry, ...previous].slice(0, 50));
    };
    const onEvent = (event: Event) => {
      const prevented = stayRef.current && event.cancelable && CANCELED_BY_DEMO.has(event.type);
      if (prevented) event.preventDefault();
      log(event.type, (event as CustomEvent).detail, prevented);
    };
    const restoreNavigator = setNavigator((url) => {
      log('navigate', { url }, stayRef.current);
      if (!stayRef.current) window.location.assign(url);
    });
    for (const name of WATCHED_EVENTS) document.addEventListener(name, onEvent);
    return () => {
      restoreNavigator();
      for (const name of WATCHED_EVENTS) document.removeEventListener(name, onEvent);
    };
  }, []);

  return (
    <section className="panel event-log" aria-labelledby="event-log-title">
      <div className="panel-head">
        <h2 id="event-log-title">事件</h2>
        <label className="check">
          <input type="checkbox" checked={stay} onChange={(event) => setStay(event.target.checked)} />
          留在预览页（拦截登录后跳转、打开应用、退出与未登录时的页面跳转）
        </label>
        <button type="button" onClick={() => setEntries([])}>清空</button>
      </div>
      {entries.length === 0 ? (
        <p className="muted">还没有事件。登录、打开应用或退出时，这里会列出事件名和 detail。</p>
      ) : (
        <ol className="log">
          {entries.map((entry) => (
            <li key={entry.id}>
              <time>{entry.time}</time> <code>{entry.name}</code> <code className="detail">{entry.detail}</code>
              {entry.prevented && <span className="tag">已拦截</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
