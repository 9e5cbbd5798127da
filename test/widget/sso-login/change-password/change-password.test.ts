// AU00153 (password older than a month) and AU00154 (first login) against the real server: the
// confirm dialog, the change-password dialog (three SM2-encrypted passwords, validation), signing
// in with the new password, and a refresh closing both dialogs.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { waitFor } from '../../support/helpers.ts';
import { deepActiveElement } from '../../../../widget/core/deep-focus.ts';
import { byText, fieldError, pageReady, input, mountLogin, toasts, type MountedLogin, withLoginFixture } from '../login-fixture.ts';

async function submitPassword(login: MountedLogin, name: string, pwd: string): Promise<void> {
  input(login.root, 'name').value = name;
  input(login.root, 'pwd').value = pwd;
  (login.root.querySelector('form[name="sso-password-login"]') as HTMLFormElement).requestSubmit();
}

function openDialog(login: MountedLogin, selector: string): Promise<HTMLDialogElement> {
  return waitFor(() => login.root.querySelector<HTMLDialogElement>(`${selector}[open]`), 8000);
}

async function changeTo(login: MountedLogin, oldPassword: string, newPassword: string, confirmPassword = newPassword) {
  const dialog = await openDialog(login, 'dialog.sso-change-password');
  input(dialog, 'oldPassword').value = oldPassword;
  input(dialog, 'newPassword').value = newPassword;
  input(dialog, 'confirmPassword').value = confirmPassword;
  (dialog.querySelector('form') as HTMLFormElement).requestSubmit();
  return dialog;
}

describe('<sso-login> password ageing and first login', () => {
  let login: MountedLogin | null = null;
  withLoginFixture();

  it('AU00153: confirm with the over-a-month message; 确定 opens the change dialog with the username', async () => {
    login = await mountLogin();
    await submitPassword(login, 'agedpwd', 'Sso@2026aged');
    const confirm = await openDialog(login, 'dialog[data-kind="confirm"]');
    expect(confirm.textContent).to.contain('系统提示');
    expect(confirm.textContent).to.contain('您的密码已超过一个月未修改，为了账号安全，请修改密码');
    expect(Array.from(confirm.querySelectorAll('button')).map((b) => b.textContent)).to.deep.equal(['取消', '确定']);
    expect(login.events.find((e) => e.type === 'sso-login-error')?.detail.code).to.equal('AU00153');
    byText(confirm, 'button', '确定').click();
    const dialog = await openDialog(login, 'dialog.sso-change-password');
    expect(dialog.getAttribute('data-reason')).to.equal('AU00153');
    expect(input(dialog, 'username').value).to.equal('agedpwd');
    expect(input(dialog, 'oldPassword').autocomplete).to.equal('current-password');
    expect(input(dialog, 'newPassword').autocomplete).to.equal('new-password');
    expect(deepActiveElement()).to.equal(input(dialog, 'oldPassword'));
    // Password managers: the passwords are light-DOM children slotted into the dialog, next to a
    // hidden username, so a manager saving the new password knows the account.
    const hidden = login.element.querySelector<HTMLInputElement>(':scope > input[name="username"]')!;
    expect([hidden.hidden, hidden.autocomplete, hidden.value]).to.deep.equal([true, 'username', 'agedpwd']);
    for (const name of ['oldPassword', 'newPassword', 'confirmPassword']) {
      const field = login.element.querySelector<HTMLInputElement>(`:scope > input[name="${name}"]`)!;
      expect(dialog.querySelector<HTMLSlotElement>(`slot[name="${field.slot}"]`)!.assignedElements()).to.deep.equal([field]);
    }
    // Tab order runs through the slotted inputs and wraps inside the dialog.
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(input(dialog, 'newPassword'));
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    // agedpwd's password is within the grace: 稍后修改 comes before 取消 and 确定.
    expect(deepActiveElement()?.textContent).to.equal('稍后修改');
    await sendKeys({ press: 'Tab' });
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()?.textContent).to.equal('确定');
    await sendKeys({ press: 'Tab' });
    expect(deepActiveElement()).to.equal(input(dialog, 'username'));
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    expect(deepActiveElement()?.textContent).to.equal('确定');
    await expect(dialog).to.be.accessible();
  });

  it('AU00153 within the grace: the dialog says why and until when; 稍后修改 signs in without a change', async () => {
    login = await mountLogin();
    await submitPassword(login, 'agedpwd', 'Sso@2026aged');
    byText(await openDialog(login, 'dialog[data-kind="confirm"]'), 'button', '确定').click();
    const dialog = await openDialog(login, 'dialog.sso-change-password');
    const explanation = dialog.querySelector('.sso-dialog__explain')?.textContent ?? '';
    expect(explanation).to.contain('您的密码已 40 天未修改，超过了 30 天的有效期');
    expect(explanation).to.match(/\d{4}年\d{1,2}月\d{1,2}日前仍可直接登录，之后必须修改/);
    expect(Array.from(dialog.querySelectorAll('.sso-dialog__actions button')).map((b) => b.textContent)).to.deep.equal(['稍后修改', '取消', '确定']);
    byText(dialog, 'button', '稍后修改').click();
    await waitFor(() => login!.visited.length > 0, 8000);
    expect(login.visited).to.deep.equal(['/home']);
    expect(login.events.find((e) => e.type === 'sso-login-success')?.detail.username).to.equal('agedpwd');
  });

  it('AU00154 (first login): the dialog explains, and offers no 稍后修改', async () => {
    login = await mountLogin();
    await submitPassword(login, 'firstlogin', 'Sso@2026first');
    byText(await openDialog(login, 'dialog[data-kind="confirm"]'), 'button', '确定').click();
    const dialog = await openDialog(login, 'dialog.sso-change-password');
    expect(dialog.querySelector('.sso-dialog__explain')?.textContent).to.contain('必须先设置自己的新密码才能登录');
    expect(Array.from(dialog.querySelectorAll('.sso-dialog__actions button')).map((b) => b.textContent)).to.deep.equal(['取消', '确定']);
  });

  it('validates the three passwords before calling the server', async () => {
    login = await mountLogin();
    await submitPassword(login, 'agedpwd', 'Sso@2026aged');
    byText(await openDialog(login, 'dialog[data-kind="confirm"]'), 'button', '确定').click();
    let dialog = await changeTo(login, '', '', '');
    await waitFor(() => fieldError(dialog, 'oldPassword'));
    expect([fieldError(dialog, 'oldPassword'), fieldError(dialog, 'newPassword'), fieldError(dialog, 'confirmPassword')]).to.deep.equal([
      '请输入原密码',
      '请输入新密码',
      '请再次输入新密码',
    ]);
    dialog = await changeTo(login, 'Sso@2026aged', 'Sso@2026aged-new', 'Sso@2026aged-other');
    await waitFor(() => fieldError(dialog, 'confirmPassword') === '两次输入的密码不一致');
    dialog = await changeTo(login, 'Sso@2026aged', 'Sso@2026aged', 'Sso@2026aged');
    await waitFor(() => fieldError(dialog, 'newPassword') === '新密码不能与原密码相同');
  });

  it('a server error stays inside the dialog, visible above its backdrop; Esc closes it and returns the focus', async () => {
    login = await mountLogin();
    input(login.root, 'name').value = 'agedpwd';
    input(login.root, 'pwd').value = 'Sso@2026aged';
    const signIn = byText(login.root, 'button', '登录');
    signIn.focus();
    await sendKeys({ press: 'Enter' });
    byText(await openDialog(login, 'dialog[data-kind="confirm"]'), 'button', '确定').click();
    // A wrong old password: the server refuses, and the reason shows in the dialog.
    const dialog = await changeTo(login, 'not-the-old-one', 'Sso@2026aged-next');
    const alert = dialog.querySelector<HTMLElement>('.sso-form-error[role="alert"]')!;
    await waitFor(() => alert.textContent, 8000);
    expect(alert.textContent).to.equal('用户名或密码错误');
    // Nothing covers it: the topmost element at its centre is the message itself (a toast under the
    // modal's backdrop, as before, fails this).
    const box = alert.getBoundingClientRect();
    expect(box.height).to.be.greaterThan(0);
    // (Compared as a boolean: chai describing a DOM node with React's fiber attached can hang the page.)
    expect(login.root.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === alert, 'the message is on top').to.equal(true);
    expect(toasts(login.root)).to.deep.equal([]);
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !login!.root.querySelector('dialog'));
    // Back where the flow started: the sign-in button that opened it.
    expect(deepActiveElement() === signIn, 'focus back on 登录').to.equal(true);
  });

  it('AU00153: after the change the dialog closes, the username stays, the new password signs in', async () => {
    login = await mountLogin();
    await submitPassword(login, 'agedpwd', 'Sso@2026aged');
    byText(await openDialog(login, 'dialog[data-kind="confirm"]'), 'button', '确定').click();
    await changeTo(login, 'Sso@2026aged', 'Sso@2026aged-new1');
    await waitFor(() => !login!.root.querySelector('dialog.sso-change-password'), 8000);
    expect(toasts(login.root)).to.include('密码修改成功，请使用新密码登录');
    expect(input(login.root, 'name').value).to.equal('agedpwd');
    // Never the old password: a sign-in with it would fail and count toward the lockout.
    expect(input(login.root, 'pwd').value).to.equal('');
    input(login.root, 'pwd').value = 'Sso@2026aged-new1';
    (login.root.querySelector('form[name="sso-password-login"]') as HTMLFormElement).requestSubmit();
    await waitFor(() => login!.visited.length > 0, 8000);
    expect(login.visited).to.deep.equal(['/home']);
  });

  it('AU00154: the first-login message; 取消 keeps the change dialog closed', async () => {
    login = await mountLogin();
    await submitPassword(login, 'firstlogin', 'Sso@2026first');
    const confirm = await openDialog(login, 'dialog[data-kind="confirm"]');
    expect(confirm.textContent).to.contain('首次登录需要修改密码，请修改密码后重新登录');
    expect(login.events.find((e) => e.type === 'sso-login-error')?.detail.code).to.equal('AU00154');
    // The sign-in call is over: 登录 no longer spins behind the dialog while it waits for the person.
    const submit = login.root.querySelector<HTMLButtonElement>('form[name="sso-password-login"] button[type="submit"]')!;
    await waitFor(() => submit.getAttribute('aria-busy') === null, 2000);
    expect(submit.textContent).to.equal('登录');
    byText(confirm, 'button', '取消').click();
    await waitFor(() => !login!.root.querySelector('dialog'));
    expect(input(login.root, 'name').value).to.equal('firstlogin');
    expect(login.root.querySelector('dialog.sso-change-password')).to.equal(null);
  });

  it('a page refresh closes both dialogs', async () => {
    login = await mountLogin();
    await submitPassword(login, 'firstlogin', 'Sso@2026first');
    byText(await openDialog(login, 'dialog[data-kind="confirm"]'), 'button', '确定').click();
    await openDialog(login, 'dialog.sso-change-password');
    login.remove();
    // A refresh builds the element anew: nothing of the flow survives it.
    login = await mountLogin();
    await pageReady(login); // the page's load logic (isLogin, group) has run to its end
    expect(login.root.querySelectorAll('dialog')).to.have.length(0);
  });

  it('Esc cancels the change dialog', async () => {
    login = await mountLogin();
    await submitPassword(login, 'firstlogin', 'Sso@2026first');
    byText(await openDialog(login, 'dialog[data-kind="confirm"]'), 'button', '确定').click();
    await openDialog(login, 'dialog.sso-change-password');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !login!.root.querySelector('dialog'));
  });

  it('AU00154: change the first password, then sign in with the new one', async () => {
    login = await mountLogin();
    await submitPassword(login, 'firstlogin', 'Sso@2026first');
    byText(await openDialog(login, 'dialog[data-kind="confirm"]'), 'button', '确定').click();
    await changeTo(login, 'Sso@2026first', 'Sso@2026first-new1');
    await waitFor(() => !login!.root.querySelector('dialog.sso-change-password'), 8000);
    input(login.root, 'pwd').value = 'Sso@2026first-new1';
    (login.root.querySelector('form[name="sso-password-login"]') as HTMLFormElement).requestSubmit();
    await waitFor(() => login!.visited.length > 0, 8000);
    expect(login.visited).to.deep.equal(['/home']);
  });
});
