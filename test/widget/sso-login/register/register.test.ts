// The register view against the real server: username and phone rules with uniqueness through
// /admin/user/details, SMS code, password confirmation, and back to password login on success.
import { expect } from '@open-wc/testing';
import { afterRender, recordFetches, waitFor } from '../../support/helpers.ts';
import { byText, fieldError, input, lastSmsCode, mountLogin, signOutForReal, toasts, sendCodeButton, type MountedLogin, withLoginFixture } from '../login-fixture.ts';

async function registerView(): Promise<MountedLogin> {
  const login = await mountLogin();
  byText(login.root, 'button', '注册账号').click();
  await waitFor(() => login.root.querySelector('form[name="sso-register"]'));
  return login;
}

function blurWith(login: MountedLogin, name: string, value: string): void {
  const field = input(login.root, name);
  field.focus();
  field.value = value;
  field.blur();
}

function form(login: MountedLogin): HTMLFormElement {
  return login.root.querySelector('form[name="sso-register"]') as HTMLFormElement;
}

describe('<sso-login> register view', () => {
  let login: MountedLogin | null = null;
  withLoginFixture();

  it('has the five fields with the autocomplete tokens password managers know', async () => {
    login = await registerView();
    const tokens = ['username', 'phone', 'smsCode', 'password', 'confirmPassword'].map((name) => input(login!.root, name).autocomplete);
    expect(tokens).to.deep.equal(['username', 'tel', 'one-time-code', 'new-password', 'new-password']);
  });

  it('username: 用户名支持小写英文、数字 for other characters', async () => {
    login = await registerView();
    blurWith(login, 'username', 'Zhang_Wei');
    await waitFor(() => fieldError(login!.root, 'username'));
    expect(fieldError(login.root, 'username')).to.equal('用户名支持小写英文、数字');
  });

  it('username: 用户名已经存在 when the server knows it', async () => {
    login = await registerView();
    blurWith(login, 'username', 'zhangwei');
    await waitFor(() => fieldError(login!.root, 'username'), 8000);
    expect(fieldError(login.root, 'username')).to.equal('用户名已经存在');
  });

  it('phone: 请输入合法手机号, and 手机号已经存在 when taken', async () => {
    login = await registerView();
    blurWith(login, 'phone', '1380000');
    await waitFor(() => fieldError(login!.root, 'phone'));
    expect(fieldError(login.root, 'phone')).to.equal('请输入合法手机号');
    blurWith(login, 'phone', '13800000001');
    await waitFor(() => fieldError(login!.root, 'phone') === '手机号已经存在', 8000);
  });

  it('a free username and phone show no error', async () => {
    login = await registerView();
    const fetches = recordFetches();
    try {
      blurWith(login, 'username', 'freshuser1');
      blurWith(login, 'phone', '13900000011');
      // Both look-ups have answered "nobody has it" before the absence of an error means anything.
      await waitFor(() => fetches.answered('/admin/user/details').length === 2, 8000);
      expect(fetches.answered('/admin/user/details')).to.deep.equal([
        { code: 200, msg: 'success', data: null },
        { code: 200, msg: 'success', data: null },
      ]);
      await afterRender();
      expect(fieldError(login.root, 'username')).to.equal(null);
      expect(fieldError(login.root, 'phone')).to.equal(null);
    } finally {
      fetches.restore();
    }
  });

  it('a masked phone (138****0001) is refused with 请输入合法手机号 and never sent to the server', async () => {
    login = await registerView();
    const fetches = recordFetches();
    try {
      blurWith(login, 'phone', '138****0001');
      await waitFor(() => fieldError(login!.root, 'phone'));
      expect(fieldError(login.root, 'phone')).to.equal('请输入合法手机号');
      sendCodeButton(login).click();
      await afterRender();
      expect(fieldError(login.root, 'phone')).to.equal('请输入合法手机号');
      expect(fetches.urls).to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });

  it('the confirmation must match the password', async () => {
    login = await registerView();
    input(login.root, 'username').value = 'freshuser2';
    input(login.root, 'phone').value = '13900000012';
    input(login.root, 'smsCode').value = '123456';
    input(login.root, 'password').value = 'Sso@2026fresh';
    input(login.root, 'confirmPassword').value = 'Sso@2026other';
    form(login).requestSubmit();
    await waitFor(() => fieldError(login!.root, 'confirmPassword'));
    expect(fieldError(login.root, 'confirmPassword')).to.equal('两次输入的密码不一致');
  });

  it('registers with the SMS code, returns to password login with the username filled in', async () => {
    login = await registerView();
    input(login.root, 'username').value = 'newdealer7';
    input(login.root, 'phone').value = '13900000017';
    sendCodeButton(login).click();
    await waitFor(() => Number(sendCodeButton(login!).dataset.seconds) > 0, 8000);
    input(login.root, 'smsCode').value = await lastSmsCode('13900000017');
    input(login.root, 'password').value = 'Sso@2026new7';
    input(login.root, 'confirmPassword').value = 'Sso@2026new7';
    form(login).requestSubmit();
    await waitFor(() => login!.root.querySelector('form[name="sso-password-login"]'), 8000);
    expect(toasts(login.root)).to.include('注册成功，请登录');
    expect(input(login.root, 'name').value).to.equal('newdealer7');
    expect(login.events.filter((e) => e.type === 'sso-login-view-change').map((e) => e.detail.view)).to.deep.equal(['register', 'password']);
    // The new account works.
    input(login.root, 'pwd').value = 'Sso@2026new7';
    (login.root.querySelector('form[name="sso-password-login"]') as HTMLFormElement).requestSubmit();
    await waitFor(() => login!.visited.length > 0, 8000);
    expect(login.visited).to.deep.equal(['/home']);
    await signOutForReal();
  });
});
