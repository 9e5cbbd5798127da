// Toasts and system-prompt dialogs rendered inside a shadow root (spec section 2 "Dialogs").
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { install } from '@sinonjs/fake-timers';
import { createNoticeCenter, type NoticeCenter, type ToastType } from '../../../widget/core/notices.ts';
import { deepActiveElement } from '../../../widget/core/deep-focus.ts';
import { mountNoticeLayer, waitFor, type MountedLayer } from '../support/helpers.ts';

function buttonByText(root: ParentNode, text: string): HTMLButtonElement {
  const button = Array.from(root.querySelectorAll('button')).find((b) => b.textContent === text);
  if (!button) throw new Error(`no button ${text}`);
  return button;
}

describe('notices', () => {
  let center: NoticeCenter;
  let layer: MountedLayer;
  let opener: HTMLButtonElement;

  beforeEach(() => {
    center = createNoticeCenter();
    layer = mountNoticeLayer(center);
    opener = document.createElement('button');
    opener.textContent = 'opener';
    document.body.append(opener);
    opener.focus();
  });
  afterEach(() => {
    layer.unmount();
    opener.remove();
  });

  it('shows toasts of the four types, announced as status (error as alert)', async () => {
    const types: ToastType[] = ['info', 'warning', 'success', 'error'];
    for (const type of types) center.toast(type, `${type} 消息`);
    const shown = await waitFor(() => {
      const list = layer.root.querySelectorAll('.sso-toast');
      return list.length === 4 ? Array.from(list) : null;
    });
    expect(shown.map((toast) => [toast.getAttribute('data-type'), toast.getAttribute('role')])).to.deep.equal([
      ['info', 'status'],
      ['warning', 'status'],
      ['success', 'status'],
      ['error', 'alert'],
    ]);
    await expect(layer.root.querySelector('.sso-notices')).to.be.accessible();
  });

  it('removes a toast after 3000 ms', async () => {
    const clock = install({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      center.toast('success', '保存成功');
      await clock.tickAsync(2999);
      expect(center.$toasts.get().map((t) => t.text)).to.deep.equal(['保存成功']);
      await clock.tickAsync(1);
      expect(center.$toasts.get()).to.deep.equal([]);
    } finally {
      clock.uninstall();
    }
  });

  it('alert: titled 系统提示 with 确定, focus on 确定, focus returns afterwards', async () => {
    const done = center.alert('操作完成');
    const dialog = await waitFor(() => layer.root.querySelector('dialog[open]'));
    expect(dialog.querySelector('h2')?.textContent).to.equal('系统提示');
    expect(dialog.textContent).to.contain('操作完成');
    expect(Array.from(dialog.querySelectorAll('button')).map((b) => b.textContent)).to.deep.equal(['确定']);
    expect(deepActiveElement()?.textContent).to.equal('确定');
    await expect(dialog).to.be.accessible();
    await sendKeys({ press: 'Enter' });
    await done;
    await waitFor(() => !layer.root.querySelector('dialog'));
    expect(deepActiveElement()).to.equal(opener);
  });

  it('confirm: warning type with 确定 / 取消; 确定 resolves true, 取消 false', async () => {
    const first = center.confirm('确定删除吗？');
    let dialog = await waitFor(() => layer.root.querySelector('dialog[open]'));
    expect(dialog.classList.contains('sso-dialog--warning')).to.equal(true);
    expect(dialog.querySelector('h2')?.textContent).to.contain('系统提示');
    expect(Array.from(dialog.querySelectorAll('button')).map((b) => b.textContent)).to.deep.equal(['取消', '确定']);
    await expect(dialog).to.be.accessible();
    buttonByText(dialog, '确定').click();
    expect(await first).to.equal(true);
    const second = center.confirm('再确认一次');
    dialog = await waitFor(() => layer.root.querySelector('dialog[open]'));
    buttonByText(dialog, '取消').click();
    expect(await second).to.equal(false);
  });

  it('confirm: Esc cancels and focus goes back where it was', async () => {
    const answer = center.confirm('确定离开吗？');
    await waitFor(() => layer.root.querySelector('dialog[open]'));
    await sendKeys({ press: 'Escape' });
    expect(await answer).to.equal(false);
    await waitFor(() => !layer.root.querySelector('dialog'));
    expect(deepActiveElement()).to.equal(opener);
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const answer = center.prompt('请输入备注', { label: '备注' });
    const dialog = await waitFor(() => layer.root.querySelector('dialog[open]'));
    const inside = () => dialog.contains(deepActiveElement());
    expect(deepActiveElement()?.tagName).to.equal('INPUT');
    for (let i = 0; i < 5; i += 1) {
      await sendKeys({ press: 'Tab' });
      expect(inside()).to.equal(true);
    }
    await sendKeys({ down: 'Shift' });
    for (let i = 0; i < 5; i += 1) {
      await sendKeys({ press: 'Tab' });
      expect(inside()).to.equal(true);
    }
    await sendKeys({ up: 'Shift' });
    await sendKeys({ press: 'Escape' });
    expect(await answer).to.equal(null);
  });

  it('prompt: returns the typed text on 确定', async () => {
    const answer = center.prompt('请输入原因', { label: '原因' });
    const dialog = await waitFor(() => layer.root.querySelector('dialog[open]'));
    expect(dialog.querySelector('label')?.textContent).to.equal('原因');
    await expect(dialog).to.be.accessible();
    await sendKeys({ type: '测试原因' });
    await sendKeys({ press: 'Enter' });
    expect(await answer).to.equal('测试原因');
  });

  it('shows queued dialogs one after another', async () => {
    const a = center.alert('第一条');
    const b = center.alert('第二条');
    let dialog = await waitFor(() => layer.root.querySelector('dialog[open]'));
    expect(layer.root.querySelectorAll('dialog')).to.have.length(1);
    expect(dialog.textContent).to.contain('第一条');
    buttonByText(dialog, '确定').click();
    await a;
    dialog = await waitFor(() => {
      const next = layer.root.querySelector('dialog[open]');
      return next?.textContent?.includes('第二条') ? next : null;
    });
    buttonByText(dialog, '确定').click();
    await b;
  });

  /** The topmost element at the centre of `element`, as a user would click or see it. */
  function topmostAt(element: Element): Element | null {
    const box = element.getBoundingClientRect();
    return layer.root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  }

  it('a toast shown while a modal dialog is open is above its backdrop (issue 15)', async () => {
    const pending = center.confirm('确认？');
    const dialog = await waitFor(() => layer.root.querySelector<HTMLDialogElement>('dialog[open]'));
    try {
      center.toast('error', '出错了');
      await new Promise((resolve) => setTimeout(resolve, 50));
      const toast = layer.root.querySelector('.sso-toast')!;
      // Compared as a boolean: chai describing a DOM node with React's fiber attached can hang the page.
      expect(topmostAt(toast)?.closest('.sso-toast') === toast, 'the toast is the topmost element').to.equal(true);
      // Not inert either: its close button works while the dialog is open.
      (toast.querySelector('button') as HTMLButtonElement).click();
      await waitFor(() => !layer.root.querySelector('.sso-toast'));
    } finally {
      buttonByText(dialog, '取消').click();
      await pending;
    }
  });

  it('toasts already shown are lifted above a dialog that opens after them, and stack newest last', async () => {
    center.toast('info', '第一条');
    center.toast('error', '第二条');
    await waitFor(() => layer.root.querySelectorAll('.sso-toast').length === 2);
    // Another modal dialog of the same element (as the change-password dialog is).
    const other = document.createElement('dialog');
    other.textContent = 'other dialog';
    layer.root.append(other);
    try {
      other.showModal();
      const shown = await waitFor(() => (other.querySelectorAll('.sso-toast').length === 2 ? Array.from(other.querySelectorAll('.sso-toast')) : null));
      expect(shown.map((toast) => toast.textContent)).to.deep.equal(['第一条×', '第二条×']);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      for (const toast of shown) expect(topmostAt(toast)?.closest('.sso-toast') === toast, `${toast.textContent} on top`).to.equal(true);
      // Stacked: the newer toast below the older one, not on top of it.
      expect(shown[1]!.getBoundingClientRect().top).to.be.at.least(shown[0]!.getBoundingClientRect().bottom);
      other.close();
      // The dialog gone, the stack is back in the page.
      await waitFor(() => layer.root.querySelectorAll('.sso-notices > .sso-toasts > .sso-toast').length === 2);
    } finally {
      other.close();
      other.remove();
    }
  });
});
