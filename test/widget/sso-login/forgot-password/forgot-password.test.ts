// The 忘记密码 view against the real server: the link on the password form, field checks, the
// send-code countdown, the server's refusals at their fields, the waiting button, and a reset that
// returns to the password form where the new password signs in. A fresh account is registered for
// the run, so the demo accounts other files sign in with keep their passwords.
import { expect } from '@open-wc/testing';
import { createApiClient } from '../../../../widget/core/request.ts';
import { createNoticeCenter } from '../../../../widget/core/notices.ts';
import { createPasswordEncryptor } from '../../../../widget/core/sm2.ts';
import { recordFetches, waitFor } from '../../support/helpers.ts';
import { byText, fieldError, input, lastSmsCode, mountLogin, toasts, expectSendCountdown, sendCodeButton, type MountedLogin, withLoginFixture } from '../login-fixture.ts';

const suffix = String(Date.now()).slice(-8);
/** Passwords must not contain the phone, so they take a base-36 stamp rather than the digits. */
const stamp = Date.now().toString(36);
const ACCOUNT = { username: `forgot${suffix}`, phone: `137${suffix}`, password: `Forgot#${stamp}X` };

async function registerAccount(): Promise<void> {
  const client = createApiClient({ apiBase: '/api', notices: createNoticeCenter() });
  await client.get(`/admin/mobile/${ACCOUNT.phone}`, { quiet: true });
  const smsCode = await lastSmsCode(ACCOUNT.phone);
  const password = await createPasswordEncryptor(client)(ACCOUNT.password);
  await client.post('/admin/register/user', { json: { username: ACCOUNT.username, phone: ACCOUNT.phone, smsCode, password }, quiet: true });
}

async function forgotView(): Promise<MountedLogin> {
  const login = await mountLogin();
  byText(login.root, 'button', '忘记密码').click();
  await waitFor(() => login.root.querySelector('form[name="sso-forgot-password"]'));
  return login;
}

const form = (login: MountedLogin) => login.root.querySelector('form[name="sso-forgot-password"]') as HTMLFormElement;

function fill(login: MountedLogin, values: { phone?: string; code?: string; newPassword?: string; confirmPassword?: string }): void {
  for (const [name, value] of Object.entries(values)) input(login.root, name).value = value;
}

async function sendCode(login: MountedLogin, phone: string): Promise<string> {
  fill(login, { phone });
  sendCodeButton(login).click();
  await waitFor(() => Number(sendCodeButton(login).dataset.seconds) > 0, 8000);
  return lastSmsCode(phone);
}

describe('<sso-login> 忘记密码', () => {
  let login: MountedLogin | null = null;
  withLoginFixture();
  before(registerAccount);

  it('the password form links to it; it has its title, labelled fields, and 返回登录 goes back', async () => {
    login = await forgotView();
    expect(login.root.querySelector('#sso-box-title')?.textContent).to.equal('重置密码');
    expect(login.events.filter((e) => e.type === 'sso-login-view-change').map((e) => e.detail.view)).to.include('forgot');
    expect(input(login.root, 'phone').autocomplete).to.equal('tel');
    expect(input(login.root, 'code').autocomplete).to.equal('one-time-code');
    expect(input(login.root, 'newPassword').autocomplete).to.equal('new-password');
    expect(input(login.root, 'confirmPassword').autocomplete).to.equal('new-password');
    // The new passwords are light-DOM inputs, so password managers can save the new one.
    expect(login.element.querySelector(':scope > input[name="newPassword"]')).to.equal(input(login.root, 'newPassword'));
    await expect(login.root.querySelector('.sso-box')).to.be.accessible();
    byText(login.root, 'button', '返回登录').click();
    await waitFor(() => login!.root.querySelector('form[name="sso-password-login"]'));
  });

  it('checks the fields before calling: required, phone, code shape, confirmation', async () => {
    login = await forgotView();
    const fetches = recordFetches();
    try {
      form(login).requestSubmit();
      await waitFor(() => fieldError(login!.root, 'phone'));
      expect([fieldError(login.root, 'phone'), fieldError(login.root, 'code'), fieldError(login.root, 'newPassword'), fieldError(login.root, 'confirmPassword')])
        .to.deep.equal(['请输入手机号', '请输入短信验证码', '请输入新密码', '请再次输入新密码']);
      fill(login, { phone: '12345', code: '12', newPassword: 'short', confirmPassword: 'other' });
      form(login).requestSubmit();
      await waitFor(() => fieldError(login!.root, 'phone') === '请输入合法手机号');
      expect(fieldError(login.root, 'code')).to.equal('请输入6位数字验证码');
      expect(fieldError(login.root, 'newPassword')).to.equal(null, 'the password rules are the server\'s');
      expect(fieldError(login.root, 'confirmPassword')).to.equal('两次输入的密码不一致');
      sendCodeButton(login).click();
      await waitFor(() => fieldError(login!.root, 'phone') === '请输入合法手机号');
      expect(fetches.urls).to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });

  it('sends the code, then counts 60 s down on the button', async () => {
    login = await forgotView();
    fill(login, { phone: ACCOUNT.phone });
    await expectSendCountdown(login);
  });

  it('a wrong code and a password the server refuses show the server text at their fields', async () => {
    login = await forgotView();
    const code = await sendCode(login, ACCOUNT.phone);
    fill(login, { code: code === '000000' ? '111111' : '000000', newPassword: 'Brand#2026new', confirmPassword: 'Brand#2026new' });
    form(login).requestSubmit();
    await waitFor(() => fieldError(login!.root, 'code'), 8000);
    expect(fieldError(login.root, 'code')).to.equal('验证码错误或已过期');
    expect(input(login.root, 'code').getAttribute('aria-invalid')).to.equal('true');
    fill(login, { code, newPassword: `${ACCOUNT.username}A#1`, confirmPassword: `${ACCOUNT.username}A#1` });
    form(login).requestSubmit();
    await waitFor(() => fieldError(login!.root, 'newPassword'), 8000);
    expect(fieldError(login.root, 'newPassword')).to.equal('密码不能包含用户名');
    expect(fieldError(login.root, 'code')).to.equal(null);
    expect(login.events.filter((e) => e.type === 'sso-login-error').map((e) => e.detail.code)).to.deep.equal(['AU00110', 'AU00103']);
  });

  it('resets: the button waits, the password form returns with a toast, and the new password signs in', async () => {
    login = await forgotView();
    const code = await sendCode(login, ACCOUNT.phone);
    const newPassword = `Renewed#${stamp}Y`;
    fill(login, { code, newPassword, confirmPassword: newPassword });
    // Hold the reset call to see the waiting button.
    const realFetch = window.fetch;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      if (String(args[0]).includes('/centerAuth/user/resetPassword')) await held;
      return realFetch(...args);
    };
    try {
      form(login).requestSubmit();
      const button = await waitFor(() => login!.root.querySelector<HTMLButtonElement>('form[name="sso-forgot-password"] button[type="submit"][aria-busy="true"]'), 8000);
      expect(button.textContent).to.equal('重置中…');
      // Inert while it waits, yet not disabled: a disabled button would drop the focus (issue 15).
      expect(button.getAttribute('aria-disabled')).to.equal('true');
      release();
      await waitFor(() => login!.root.querySelector('form[name="sso-password-login"]'), 8000);
    } finally {
      window.fetch = realFetch;
    }
    expect(toasts(login.root)).to.include('密码已重置，请使用新密码登录');
    fill(login, {});
    input(login.root, 'name').value = ACCOUNT.username;
    input(login.root, 'pwd').value = newPassword;
    (login.root.querySelector('form[name="sso-password-login"]') as HTMLFormElement).requestSubmit();
    await waitFor(() => login!.visited.length > 0, 8000);
    expect(login.visited).to.deep.equal(['/home']);
  });
});
