// For each element and brand, the two lines a site pastes (docs/embedding.md), with this server's
// origin filled in and a copy button that says whether the copy worked.
import { useEffect, useRef, useState } from 'react';
import { NAMED_BRANDS } from './demo-data.ts';

const ELEMENTS = ['sso-login', 'app-center'] as const;

/** The snippet of `tag` for `brand`, for a site on another origin than this SSO server. */
export function embedSnippet(tag: string, brand: { code: string; domain: string }, origin: string): string {
  return [
    `<script src="${origin}/widget/sso-widget.iife.js"></script>`,
    `<${tag} brand="${brand.code}" api-base="${origin}/api" sso-domain="${brand.domain}"></${tag}>`,
  ].join('\n');
}

/** Clipboard API where the page may use it; else the selection-and-copy the older browsers have. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.className = 'visually-hidden';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

type CopyState = 'idle' | 'copied' | 'failed';

function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await copyText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setState('idle'), 2500);
  };
  return (
    <>
      <button type="button" className="copy" aria-label={`复制 ${label} 的嵌入代码`} onClick={() => void copy()}>
        {state === 'copied' ? '已复制' : '复制'}
      </button>
      {/* Announced to screen readers; the visible feedback is the button's own text. */}
      <span className="visually-hidden" role="status">
        {state === 'copied' ? `已复制 ${label} 的嵌入代码` : state === 'failed' ? '复制失败，请手动选中代码复制' : ''}
      </span>
      {state === 'failed' && <span className="copy-failed">复制失败，请手动选中代码复制</span>}
    </>
  );
}

export function EmbedSnippets() {
  const origin = window.location.origin;
  return (
    <section className="panel" aria-labelledby="snippets-title">
      <h2 id="snippets-title">嵌入代码</h2>
      <p className="muted">
        在品牌站点上粘贴这两行（先在 SSO 服务器上登记该站点的来源，见 docs/embedding.md）。<code>sso-domain</code> 是该客户群在本演示中的域名，正式环境换成客户群的域名。
      </p>
      {ELEMENTS.map((tag) => (
        <div key={tag} className="snippets">
          <h3>&lt;{tag}&gt;</h3>
          <ul className="snippet-list">
            {NAMED_BRANDS.map((brand) => {
              const text = embedSnippet(tag, brand, origin);
              const label = `<${tag}> ${brand.label}`;
              return (
                <li key={brand.code} className="snippet" data-snippet={`${tag}:${brand.code}`}>
                  <div className="snippet-head">
                    <span>{brand.label}</span>
                    <CopyButton text={text} label={label} />
                  </div>
                  <pre><code>{text}</code></pre>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
