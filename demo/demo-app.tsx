// The preview page: both elements side by side with the attributes under the developer's control,
// a brand switcher, a width switcher, direct links to every login view, the demo accounts and an
// event log.
import { useState } from 'react';
import { ElementHost } from '../portal/element-host.tsx';
import { BRANDS, DEMO_USERS, VIEW_LINKS } from './demo-data.ts';
import { EventLog } from './event-log.tsx';
import { openDemoView, requestedDemoView } from './open-view.ts';

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
  // r2wc reads attributes when they are set but not when they are removed: every change (and the
  // 重新挂载 button) creates fresh elements.
  const attributes = { 'api-base': apiBase || undefined, 'sso-domain': ssoDomain || undefined, brand: brand || undefined };
  const here = window.location.search.slice(1);
  const demoView = requestedDemoView();

  return (
    <main className="demo">
      <header className="demo-header">
        <h1>SSO 组件预览</h1>
        <p className="muted">
          同一页面上的 <code>&lt;sso-login&gt;</code> 与 <code>&lt;app-center&gt;</code>，连接真实服务器的演示数据。
        </p>
      </header>

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
              {['localhost', 'ka.localhost', 'operation.localhost', 'yingfeng.localhost', 'icar.localhost', 'exeed.localhost'].map((domain) => (
                <option key={domain} value={domain} />
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
        <section className="panel pane" aria-label="登录组件">
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
          <ElementHost className="frame" tag="app-center" attributes={attributes} generation={generation} />
        </section>
      </div>

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
    </main>
  );
}
