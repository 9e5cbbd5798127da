// Where the console's focus goes once the server has answered, however early the next animation
// frame comes: after 停用账号 / 启用账号 to the button in its place, after a refusal at a field
// (用户名已经存在) to that field; never to <body>. CI once failed on a slow machine: the frame came
// before React had drawn the answer, while the button was still disabled by its busy state. This
// file makes the frame come as early as it can (at once after the answer), which is that machine's
// case every time. The calls travel through the console's real request client over HTTP; only
// their answers are scripted (the runner's /__test/reply).
import { expect } from '@open-wc/testing';
import { useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import type { ConsoleAccount } from '../../../contract/endpoints/console.ts';
import { AccountDetail } from '../../../portal/admin/account-detail.tsx';
import { AccountCreateForm } from '../../../portal/admin/account-create-form.tsx';
import { NoticeRegion } from '../../../portal/admin/notice-region.tsx';
import { notices } from '../../../portal/admin/console-api.ts';
import { replyBase, waitFor } from '../support/helpers.ts';

const account = (changes: Partial<ConsoleAccount> = {}): ConsoleAccount => ({
  username: 'e2euser', phone: null, kind: 'staff', isAdmin: false, disabled: false, mustChangePassword: false,
  lockedUntil: null, groups: [], grantedGroups: [], directoryGroups: [], directoryId: null,
  createdAt: 1000, passwordChangedAt: 1000, ...changes,
});

const ok = (data: unknown) => replyBase(200, { code: 200, msg: 'success', data });

/** Answers the console calls the detail makes; records the 停用 / 启用 requests. */
function scriptConsole(): { disabledCalls: boolean[]; createCalls: number; restore(): void } {
  const realFetch = window.fetch;
  const disabledCalls: boolean[] = [];
  const script = { disabledCalls, createCalls: 0, restore: () => { window.fetch = realFetch; } };
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (url.pathname === '/api/console/accounts/disabled') {
      const { disabled } = JSON.parse(String(init?.body)) as { disabled: boolean };
      disabledCalls.push(disabled);
      return realFetch(ok(account({ disabled })), init);
    }
    if (url.pathname === '/api/console/accounts/create') {
      script.createCalls += 1;
      return realFetch(replyBase(409, { code: 'AU00120', errorCode: 'AU00120', msg: '用户名已存在', data: null }), init);
    }
    if (url.pathname === '/api/console/accounts/sessions') return realFetch(ok([]), init);
    if (url.pathname === '/api/console/groups') return realFetch(ok([]), init);
    return realFetch(input, init);
  };
  return script;
}

function DetailWithParent() {
  const [shown, setShown] = useState(account());
  return (
    <>
      <NoticeRegion notices={notices} />
      <AccountDetail account={shown} onChanged={setShown} onClose={() => undefined} />
    </>
  );
}

describe('the console: the focus once the server has answered', () => {
  let host: HTMLElement;
  let root: Root;
  let script: ReturnType<typeof scriptConsole>;
  const realFrame = window.requestAnimationFrame;

  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
    script = scriptConsole();
    // The earliest a frame can come: before React's next task draws the answer.
    window.requestAnimationFrame = (callback) => {
      queueMicrotask(() => callback(performance.now()));
      return 0;
    };
  });
  afterEach(() => {
    window.requestAnimationFrame = realFrame;
    root.unmount();
    host.remove();
    script.restore();
  });

  const button = (name: string) => waitFor(() => [...host.querySelectorAll('button')].find((b) => b.textContent === name && !b.disabled));
  const dialogButton = async (name: string) => {
    const dialog = await waitFor(() => host.querySelector('dialog[open][role="alertdialog"]'));
    return [...dialog.querySelectorAll('button')].find((b) => b.textContent === name)!;
  };

  it('account detail: lands on 启用账号 after the confirmed 停用账号, then on 停用账号 after 启用账号', async () => {
    flushSync(() => root.render(<DetailWithParent />));
    (await button('停用账号')).click();
    (await dialogButton('停用账号')).click();

    const enable = await button('启用账号');
    await waitFor(() => document.activeElement === enable);
    expect(script.disabledCalls).to.deep.equal([true]);

    enable.click();
    const disable = await button('停用账号');
    await waitFor(() => document.activeElement === disable);
    expect(script.disabledCalls).to.deep.equal([true, false]);
  });

  it('new account: a username the server refuses as taken gets the focus, with what was typed kept', async () => {
    flushSync(() => root.render(<><NoticeRegion notices={notices} /><AccountCreateForm onCreated={() => undefined} onCancel={() => undefined} /></>));
    const field = (label: string) => {
      const labelElement = [...host.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))!;
      return host.querySelector<HTMLInputElement>(`#${CSS.escape(labelElement.htmlFor)}`)!;
    };
    type(field('用户名'), 'taken01');
    type(field('初始密码'), 'Xk9#mQ2$vLp7');
    type(field('确认初始密码'), 'Xk9#mQ2$vLp7');
    (await button('创建账号')).click();
    // No group ticked: the console asks first (such an account sees no app).
    (await dialogButton('仍然创建')).click();

    const username = field('用户名');
    await waitFor(() => document.activeElement === username);
    expect(script.createCalls).to.equal(1);
    expect(username.getAttribute('aria-invalid')).to.equal('true');
    expect(username.value).to.equal('taken01');
  });
});

/** Types as React hears it: the native value setter, then an input event. */
function type(input: HTMLInputElement, text: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}
