// Proves the runner itself: a bundled TSX/React module renders into a shadow root in Chromium.
import { expect } from '@open-wc/testing';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';

describe('widget test runner', () => {
  it('bundles React (CommonJS) and renders into a shadow root', () => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = host.attachShadow({ mode: 'open' });
    const reactRoot = createRoot(root);
    flushSync(() => reactRoot.render(createElement('p', null, '系统提示')));
    expect(root.querySelector('p')?.textContent).to.equal('系统提示');
    reactRoot.unmount();
    host.remove();
  });

  it('answers the echo endpoint with the request it received', async () => {
    const res = await fetch('/__test/echo/ping?a=1&a=2', { headers: { 'Time-Zone': 'Asia/Shanghai' } });
    const envelope = await res.json();
    expect(envelope.code).to.equal(200);
    expect(envelope.data.path).to.equal('/ping');
    expect(envelope.data.query).to.equal('a=1&a=2');
    expect(envelope.data.headers['time-zone']).to.equal('Asia/Shanghai');
  });
});
