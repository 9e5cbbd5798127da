// Every row of the error catalogue (spec section 8) that the request client owns.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { install } from '@sinonjs/fake-timers';
import { ApiCallError, createApiClient } from '../../../widget/core/request.ts';
import { createNoticeCenter, type NoticeCenter } from '../../../widget/core/notices.ts';
import { setNavigator } from '../../../widget/core/navigate.ts';
import { setBlobSaver } from '../../../widget/core/download.ts';
import { mountNoticeLayer, replyBase, waitFor, type MountedLayer } from '../support/helpers.ts';

async function rejection(promise: Promise<unknown>): Promise<ApiCallError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(ApiCallError);
    return error as ApiCallError;
  }
  throw new Error('the call did not fail');
}

function toastTexts(center: NoticeCenter, type: string): string[] {
  return center.$toasts.get().filter((toast) => toast.type === type).map((toast) => toast.text);
}

describe('error catalogue', () => {
  let center: NoticeCenter;
  let layer: MountedLayer;
  let visited: string[];
  let restoreNavigator: () => void;

  beforeEach(() => {
    center = createNoticeCenter();
    layer = mountNoticeLayer(center);
    visited = [];
    restoreNavigator = setNavigator((url) => visited.push(url));
  });
  afterEach(() => {
    restoreNavigator();
    layer.unmount();
  });

  const client = (status: number, body: unknown) => createApiClient({ apiBase: replyBase(status, body), notices: center });

  it('succeeds for any HTTP status from 200 to 299 with body code 200', async () => {
    const data = await client(201, { code: 200, msg: 'success', data: { ok: 1 } }).request('GET', '/x');
    expect(data).to.deep.equal({ ok: 1 });
    expect(center.$toasts.get()).to.have.length(0);
  });

  it('body code other than 200: error toast with msg, and the call fails', async () => {
    const error = await rejection(client(200, { code: 'AU00300', errorCode: 'AU00300', msg: '用户未登录', data: null }).request('GET', '/x'));
    expect(error.code).to.equal('AU00300');
    expect(error.errorCode).to.equal('AU00300');
    expect(toastTexts(center, 'error')).to.deep.equal(['用户未登录']);
    const shown = await waitFor(() => layer.root.querySelector('[role="alert"]'));
    expect(shown.textContent).to.contain('用户未登录');
  });

  it('body code other than 200 without msg: the message field', async () => {
    await rejection(client(200, { code: 500, message: '服务繁忙' }).request('GET', '/x'));
    expect(toastTexts(center, 'error')).to.deep.equal(['服务繁忙']);
  });

  it('body code other than 200 without msg or message: 系统错误请联系管理员', async () => {
    await rejection(client(200, { code: 500 }).request('GET', '/x'));
    expect(toastTexts(center, 'error')).to.deep.equal(['系统错误请联系管理员']);
  });

  it('quiet calls leave the toast to the caller', async () => {
    const error = await rejection(client(200, { code: 'AU00153', msg: '密码过期' }).request('POST', '/x', { quiet: true }));
    expect(error.message).to.equal('密码过期');
    expect(center.$toasts.get()).to.have.length(0);
  });

  it('HTTP 423: rejected with 该账号已锁定, as a toast unless the caller shows it itself (quiet)', async () => {
    const error = await rejection(client(423, { code: 423, msg: '该账号已锁定' }).request('POST', '/x'));
    expect(error.status).to.equal(423);
    expect(error.message).to.equal('该账号已锁定');
    expect(toastTexts(center, 'error')).to.deep.equal(['该账号已锁定']);
    // The sign-in form and the change-password dialog show it in place, not as a toast.
    const quiet = await rejection(client(423, { code: 423, msg: '该账号已锁定，请 3 分钟后再试' }).request('POST', '/x', { quiet: true }));
    expect([quiet.status, quiet.message]).to.deep.equal([423, '该账号已锁定，请 3 分钟后再试']);
    expect(toastTexts(center, 'error')).to.deep.equal(['该账号已锁定']);
  });

  it('HTTP 424: confirm dialog 令牌状态已过期，请点击重新登录, then the site root', async () => {
    const pending = rejection(client(424, { code: 424, msg: '令牌状态已过期，请点击重新登录' }).request('GET', '/x'));
    const dialog = await waitFor(() => layer.root.querySelector('dialog[open]'));
    expect(dialog.getAttribute('data-kind')).to.equal('confirm');
    expect(dialog.textContent).to.contain('系统提示');
    expect(dialog.textContent).to.contain('令牌状态已过期，请点击重新登录');
    expect(visited).to.deep.equal([]);
    // The text says 请点击重新登录: the button to press says 重新登录 (issue 15).
    expect(Array.from(dialog.querySelectorAll('button')).map((b) => b.textContent)).to.deep.equal(['取消', '重新登录']);
    (Array.from(dialog.querySelectorAll('button')).find((b) => b.textContent === '重新登录') as HTMLButtonElement).click();
    const error = await pending;
    expect(error.status).to.equal(424);
    expect(visited).to.deep.equal(['/']);
  });

  it('HTTP 424 cancelled by Esc: the page stays, and later 424s do not ask again (no loop)', async () => {
    const expired = client(424, { code: 424 });
    const pending = rejection(expired.request('GET', '/x'));
    await waitFor(() => layer.root.querySelector('dialog[open]'));
    await sendKeys({ press: 'Escape' });
    await pending;
    expect(visited).to.deep.equal([]);
    // The next calls still fail as expired, without the dialog coming back.
    const again = await rejection(expired.request('GET', '/y'));
    expect([again.status, again.message]).to.deep.equal([424, '令牌状态已过期，请点击重新登录']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(layer.root.querySelector('dialog[open]')).to.equal(null);
    expect(visited).to.deep.equal([]);
  });

  it('other HTTP errors: toast with the server message', async () => {
    const error = await rejection(client(429, { code: 429, msg: '请求过于频繁，请稍后再试' }).request('GET', '/x'));
    expect(error.status).to.equal(429);
    expect(toastTexts(center, 'error')).to.deep.equal(['请求过于频繁，请稍后再试']);
  });

  it('other HTTP errors without a message: the default message', async () => {
    await rejection(client(502, '').request('GET', '/x'));
    expect(toastTexts(center, 'error')).to.deep.equal(['系统错误请联系管理员']);
  });

  it('gives up after 50 s', async () => {
    const clock = install({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const api = createApiClient({ apiBase: '/__test/hang', notices: center });
      const pending = rejection(api.request('GET', '/x'));
      await clock.tickAsync(49_000);
      expect(center.$toasts.get()).to.have.length(0);
      await clock.tickAsync(1_000);
      const error = await pending;
      expect(error.code).to.equal('TIMEOUT');
      expect(toastTexts(center, 'error')).to.deep.equal(['请求超时，请稍后重试']);
    } finally {
      clock.uninstall();
    }
  });
});

describe('download helper', () => {
  let center: NoticeCenter;
  let saved: Array<{ blob: Blob; filename: string }>;
  let restoreSaver: () => void;
  beforeEach(() => {
    center = createNoticeCenter();
    saved = [];
    restoreSaver = setBlobSaver((blob, filename) => saved.push({ blob, filename }));
  });
  afterEach(() => restoreSaver());

  it('saves a blob under the given name', async () => {
    await createApiClient({ apiBase: replyBase(200, 'a,b\n1,2'), notices: center }).download('/report', { filename: 'report.csv' });
    expect(saved).to.have.length(1);
    expect(saved[0]!.filename).to.equal('report.csv');
    expect(await saved[0]!.blob.text()).to.equal('a,b\n1,2');
  });

  it('an empty file gives 内容为空，无法下载', async () => {
    await rejection(createApiClient({ apiBase: replyBase(200, ''), notices: center }).download('/report'));
    expect(saved).to.have.length(0);
    expect(center.$toasts.get().map((t) => t.text)).to.deep.equal(['内容为空，无法下载']);
  });

  it('an error blob is read as text and its msg shown', async () => {
    const api = createApiClient({ apiBase: replyBase(200, { code: 'EX001', msg: '导出失败：无权限' }), notices: center });
    await rejection(api.download('/report'));
    expect(saved).to.have.length(0);
    expect(center.$toasts.get().map((t) => t.text)).to.deep.equal(['导出失败：无权限']);
  });
});
