// Small helpers shared by the widget tests.
import { createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { NoticeLayer } from '../../../widget/core/notice-layer.tsx';
import type { NoticeCenter } from '../../../widget/core/notices.ts';
import { baseStyles } from '../../../widget/core/base.styles.ts';

/** apiBase whose every call answers `status` with `body` (JSON value, or a raw string; '' = empty). */
export function replyBase(status: number, body: unknown): string {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  if (text === '') return `/__test/reply/${status}/-`;
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  const b64 = btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `/__test/reply/${status}/${b64}`;
}

export const ECHO_BASE = '/__test/echo';

export interface MountedLayer {
  root: ShadowRoot;
  unmount(): void;
}

/** Renders a NoticeLayer into a fresh shadow root, the way the elements do. */
export function mountNoticeLayer(center: NoticeCenter): MountedLayer {
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(baseStyles);
  root.adoptedStyleSheets = [sheet];
  const reactRoot: Root = createRoot(root);
  flushSync(() => reactRoot.render(createElement(NoticeLayer, { center })));
  return {
    root,
    unmount() {
      reactRoot.unmount();
      host.remove();
    },
  };
}

export async function waitFor<T>(probe: () => T | null | undefined | false, timeoutMs = 4000): Promise<T> {
  const started = Date.now();
  for (;;) {
    let value: T | null | undefined | false = null;
    try {
      value = probe();
    } catch {
      value = null; // not there yet
    }
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('waitFor: condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export function clearXsrfCookie(): void {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

export interface FetchRecorder {
  /** Every URL asked for, in order. */
  urls: string[];
  /** Bodies (parsed JSON) of the answered requests whose URL contains `part`, in answer order. */
  answered(part: string): unknown[];
  restore(): void;
}

/** Watches window.fetch (the real request still goes out): what was asked and what has answered. */
export function recordFetches(): FetchRecorder {
  const original = window.fetch;
  const urls: string[] = [];
  const answers: Array<{ url: string; body: unknown }> = [];
  window.fetch = async (resource, init) => {
    const url = String(resource instanceof Request ? resource.url : resource);
    urls.push(url);
    const response = await original(resource, init);
    const body: unknown = await response.clone().json().catch(() => undefined);
    answers.push({ url, body });
    return response;
  };
  return {
    urls,
    answered: (part) => answers.filter((answer) => answer.url.includes(part)).map((answer) => answer.body),
    restore() {
      window.fetch = original;
    },
  };
}

/** Lets React commit what a settled promise scheduled (its updates run in a later task). */
export async function afterRender(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
}

/** Adds a classic <script> (the built IIFE library) to the page and waits until it has run. */
export function loadClassicScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`${src} did not load: run npm run build:widget`));
    document.head.append(script);
  });
}
