// Buttons that open each dialog and error state of <sso-login> in the login pane (demo-states.ts).
import { useState } from 'react';
import { DEMO_STATES, showDemoState, type DemoState } from './demo-states.ts';

/** The <sso-login> of the demo's login pane. */
const loginElement = () => document.querySelector<HTMLElement>('.login-pane sso-login');

export function DemoStates() {
  const [busy, setBusy] = useState('');
  const [problem, setProblem] = useState('');

  const show = async (state: DemoState) => {
    if (busy) return;
    const element = loginElement();
    setProblem('');
    setBusy(state.id);
    const shown = element ? await showDemoState(element, state) : false;
    setBusy('');
    if (!shown) setProblem('登录组件没有显示密码登录表单：先回到密码登录（或点“重新挂载”），再试一次。');
    else element?.scrollIntoView({ block: 'nearest' });
  };

  return (
    <section className="panel" aria-labelledby="states-title">
      <h2 id="states-title">对话框与错误状态</h2>
      <p className="muted">
        用左侧登录组件的密码表单登录，打开各个对话框和错误状态。改密对话框来自真实服务器的演示账号；锁定、过期和断网由本页应答那一次登录请求（不会真的锁定账号）。
      </p>
      <ul className="state-buttons">
        {DEMO_STATES.map((state) => (
          <li key={state.id}>
            {/* aria-disabled, not disabled, while one runs: the pressed button keeps the focus. */}
            <button type="button" data-demo-state={state.id} aria-busy={busy === state.id} aria-disabled={busy !== '' || undefined} onClick={() => void show(state)}>
              {busy === state.id ? '正在打开…' : state.label}
            </button>
            <span className="muted"> — {state.shows}</span>
          </li>
        ))}
      </ul>
      {problem && <p role="alert" className="problem">{problem}</p>}
    </section>
  );
}
