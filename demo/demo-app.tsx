// The preview page and the elements' documentation: both elements side by side with the attributes
// under the developer's control, a brand switcher, a width switcher, buttons that open each dialog
// and error state, direct links to every login view, the demo accounts, an event log, the embed
// snippets and the reference generated from custom-elements.json.
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ElementHost } from '../portal/element-host.tsx';
import { BRANDS, DEMO_USERS, NAMED_BRANDS, VIEW_LINKS } from './demo-data.ts';
import { EventLog } from './event-log.tsx';
import { DemoStates } from './demo-states-panel.tsx';
import { EmbedSnippets } from './embed-snippets.tsx';
import { ElementReferenceSection } from './element-reference.tsx';
import { openDemoView, requestedDemoView } from './open-view.ts';
import { USERNAME_LABEL } from '../widget/sso-login/sso-login.messages.ts';

type Width = 'wide' | 'tablet' | 'phone';

const WIDTHS: Array<{ value: Width; label: string }> = [
  { value: 'wide', label: '自适应' },
  { value: 'tablet', label: '平板 768 px' },
  { value: 'phone', label: '手机 360 px' },
];

export function DemoApp() {
  const [brand, setBrand] = useState('');
  const [apiBase, setApiBase] = useState('/api');
  const [ssoDomain, setSsoDomain] = useState(window.location.hostname);
  const [width, setWidth] = useState<Width>('wide');
  const [generation, setGeneration] = useState(0);
  // A sign-in in the login pane reloads the app-center pane (it showed the sign-in invitation).
  const [signIns, setSignIns] = useState(0);
  useEffect(() => {
    const onSignedIn = () => setSignIns((value) => value + 1);
    document.addEventListener('sso-login-success', onSignedIn);
    return () => document.removeEventListener('sso-login-success', onSignedIn);
  }, []);
  useEffect(() => {
    // 去登录 pressed in the app-center pane and held by the demo (event log): the login pane takes
    // the focus. Not on load (nobody pressed anything there): the focus stays where it is.
    const onSignInAsked = (event: Event) => {
      const pressed = document.activeElement === event.target;
      window.setTimeout(() => {
        if (pressed && event.defaultPrevented) document.querySelector<HTMLInputElement>(`.login-pane sso-login > input[aria-label="${USERNAME_LABEL}"]`)?.focus();
      });
    };
    document.addEventListener('app-center-sign-in', onSignInAsked);
    return () => document.removeEventListener('app-center-sign-in', onSignInAsked);
  }, []);
  // r2wc reads attributes when they are set but not when they are removed: every change (and the
  // 重新挂载 button) creates fresh elements.
  const attributes = { 'api-base': apiBase || undefined, 'sso-domain': ssoDomain || undefined, brand: brand || undefined };
  const here = window.location.search.slice(1);
  const demoView = requestedDemoView();

  return (
    <div className="demo">
      <header className="demo-header">
        <h1>SSO 组件预览</h1>
        <p className="muted">
          同一页面上的 <code>&lt;sso-login&gt;</code> 与 <code>&lt;app-center&gt;</code>，连接真实服务器的演示数据；下面有嵌入代码和属性、事件、CSS part 参考。
        </p>
      </header>
      <main className="demo-main">
        <section className="panel controls" aria-labelledby="controls-title">
          <h2 id="controls-title">属性</h2>
          <div className="fields">
            <label>
              品牌 <code>brand</code>
              <select value={brand} onChange={(event) => setBrand(event.target.value)}>
                {BRANDS.map((option) => (
                  <option key={option.code} value={option.code}>{option.label}</option>
                ))}
              </select>
            </label>
            <label>
              <code>api-base</code>
              <input value={apiBase} onChange={(event) => setApiBase(event.target.value)} />
            </label>
            <label>
              <code>sso-domain</code>
              <input value={ssoDomain} onChange={(event) => setSsoDomain(event.target.value)} list="demo-domains" />
              <datalist id="demo-domains">
                {NAMED_BRANDS.map((option) => (
                  <option key={option.domain} value={option.domain} />
                ))}
              </datalist>
            </label>
            <fieldset className="widths">
              <legend>宽度</legend>
              {WIDTHS.map((option) => (
                <label key={option.value} className="check">
                  <input type="radio" name="width" value={option.value} checked={width === option.value} onChange={() => setWidth(option.value)} />
                  {option.label}
                </label>
              ))}
            </fieldset>
            <button type="button" onClick={() => setGeneration((value) => value + 1)}>重新挂载</button>
          </div>
        </section>

        <div className={`stage width-${width}`}>
          <section className="panel pane login-pane" aria-label="登录组件">
            <h2>&lt;sso-login&gt; {here && <code className="muted">?{here}</code>}</h2>
            <ElementHost
              className="frame"
              tag="sso-login"
              attributes={attributes}
              generation={generation}
              onElement={(element) => (demoView ? openDemoView(element, demoView) : undefined)}
            />
          </section>
          <section className="panel pane" aria-label="应用中心组件">
            <h2>&lt;app-center&gt;</h2>
            <ElementHost className="frame" tag="app-center" attributes={attributes} generation={`${generation}-${signIns}`} />
          </section>
        </div>

        <DemoStates />

        <div className="columns">
          <section className="panel" aria-labelledby="views-title">
            <h2 id="views-title">直达各视图</h2>
            <ul className="views">
              {VIEW_LINKS.map((view) => (
                <li key={view.label}>
                  <a href={view.query ? `?${view.query}` : '?'}>{view.label}</a>
                  {!view.query.startsWith('demo_view') && (
                    <>
                      {' · '}
                      <a href={`/login${view.query ? `?${view.query}` : ''}`} target="_blank" rel="noopener">在门户中打开</a>
                    </>
                  )}
                  {view.note && <span className="muted"> — {view.note}</span>}
                </li>
              ))}
            </ul>
          </section>
          <section className="panel" aria-labelledby="users-title">
            <h2 id="users-title">演示账号</h2>
            <table>
              <thead><tr><th scope="col">用户名</th><th scope="col">密码</th><th scope="col">用途</th></tr></thead>
              <tbody>
                {DEMO_USERS.map((user) => (
                  <tr key={user.username}><td><code>{user.username}</code></td><td><code>{user.password}</code></td><td>{user.note}</td></tr>
                ))}
              </tbody>
            </table>
            <p className="muted">
              不同客户群：打开 <code>http://exeed.localhost:8080/demo/</code> 等（Chromium 把 *.localhost 解析到本机），或改上面的 sso-domain。
            </p>
          </section>
        </div>

        <EventLog />
        <EmbedSnippets />
        <ElementReferenceSection />
      </main>
    </div>
  );
}

export function mountDemo(mountPoint: HTMLElement): void {
  createRoot(mountPoint).render(<DemoApp />);
}
