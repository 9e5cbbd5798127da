// Mobile login against the real server: phone validation, the send-code countdown, signing in
// with the SMS code the server wrote to its outbox.
import { expect } from '@open-wc/testing';
import { install } from '@sinonjs/fake-timers';
import { afterRender, recordFetches, waitFor } from '../../support/helpers.ts';
import { byText, fieldError, groupLoaded, input, lastSmsCode, mountLogin, serverCooldown, toasts, expectSendCountdown, sendCodeButton, type MountedLogin, withLoginFixture } from '../login-fixture.ts';

async function mobileView(): Promise<MountedLogin> {
  const login = await mountLogin();
  byText(login.root, 'button', '手机登录').click();
  await waitFor(() => login.root.querySelector('form[name="sso-mobile-login"]'));
  return login;
}

describe('<sso-login> mobile login', () => {
  let login: MountedLogin | null = null;
  withLoginFixture();

  it('has tel and one-time-code inputs with labels', async () => {
    login = await mobileView();
    expect(input(login.root, 'phone').autocomplete).to.equal('tel');
    expect(input(login.root, 'phone').type).to.equal('tel');
    expect(input(login.root, 'code').autocomplete).to.equal('one-time-code');
    expect(login.root.querySelector(`label[for="${input(login.root, 'code').id}"]`)?.textContent).to.equal('短信验证码');
  });

  it('refuses an invalid phone with 请输入合法手机号 and sends nothing', async () => {
    login = await mobileView();
    input(login.root, 'phone').value = '12345';
    sendCodeButton(login).click();
    await waitFor(() => fieldError(login!.root, 'phone'));
    expect(fieldError(login.root, 'phone')).to.equal('请输入合法手机号');
    expect(sendCodeButton(login).textContent).to.equal('获取验证码');
  });

  it('a send the server refuses (resend within 60 s) says so at the code field, not in a toast', async () => {
    // The test server runs without the resend cooldown (so tests can send freely): this one send is
    // answered as the real server answers inside the cooldown (test/server/sms-registration.test.ts).
    const original = window.fetch;
    window.fetch = async (resource, init) => {
      const url = String(resource instanceof Request ? resource.url : resource);
      if (!url.includes('/centerAuth/msg/login/send')) return original(resource, init);
      const refusal = { code: 'AU00111', errorCode: 'AU00111', msg: '验证码发送过于频繁，请稍后再试', data: null };
      return new Response(JSON.stringify(refusal), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    try {
      login = await mobileView();
      input(login.root, 'phone').value = '13800000001';
      sendCodeButton(login).click();
      await waitFor(() => fieldError(login!.root, 'code'), 8000);
    } finally {
      window.fetch = original;
    }
    expect(fieldError(login.root, 'code')).to.equal('验证码发送过于频繁，请稍后再试');
    expect(toasts(login.root).some((text) => text.includes('频繁'))).to.equal(false);
    expect(sendCodeButton(login).textContent).to.equal('获取验证码');
  });

  it('sends the code, then counts 60 s down on the button', async () => {
    login = await mobileView();
    input(login.root, 'phone').value = '13800000001';
    await expectSendCountdown(login);
  });

  it('counts down the cooldown the server runs with (SSO_SMS_COOLDOWN_SECONDS), not a fixed 60 s', async () => {
    const restore = serverCooldown(90);
    const clock = install({ toFake: ['setInterval', 'clearInterval'] });
    try {
      login = await mobileView();
      await groupLoaded(login);
      input(login.root, 'phone').value = '13800000001';
      sendCodeButton(login).click();
      await waitFor(() => sendCodeButton(login!).textContent === '90秒后重新获取', 8000);
      await clock.tickAsync(30_000);
      expect(sendCodeButton(login).textContent).to.equal('60秒后重新获取');
    } finally {
      clock.uninstall();
      restore();
    }
  });

  it('signs in with the SMS code and goes to /home', async () => {
    login = await mobileView();
    input(login.root, 'phone').value = '13800000001';
    sendCodeButton(login).click();
    await waitFor(() => Number(sendCodeButton(login!).dataset.seconds) > 0, 8000);
    input(login.root, 'code').value = await lastSmsCode('13800000001');
    (login.root.querySelector('form[name="sso-mobile-login"]') as HTMLFormElement).requestSubmit();
    await waitFor(() => login!.visited.length > 0, 8000);
    expect(login.visited).to.deep.equal(['/home']);
    expect(login.events.find((e) => e.type === 'sso-login-success')?.detail.username).to.equal('dealer01');
  });

  it('a wrong code shows the server message in the form, not as a toast', async () => {
    login = await mobileView();
    input(login.root, 'phone').value = '13800000001';
    sendCodeButton(login).click();
    await waitFor(() => Number(sendCodeButton(login!).dataset.seconds) > 0, 8000);
    const real = await lastSmsCode('13800000001');
    input(login.root, 'code').value = real === '000000' ? '111111' : '000000';
    (login.root.querySelector('form[name="sso-mobile-login"]') as HTMLFormElement).requestSubmit();
    await waitFor(() => login!.events.some((e) => e.type === 'sso-login-error'), 8000);
    const error = login.events.find((e) => e.type === 'sso-login-error')!;
    expect(error.detail.msg).to.be.a('string').and.not.equal('');
    await waitFor(() => login!.root.querySelector('form[name="sso-mobile-login"] .sso-form-error[role="alert"]')?.textContent);
    expect(login.root.querySelector('form[name="sso-mobile-login"] .sso-form-error')!.textContent).to.equal(error.detail.msg);
    expect(toasts(login.root)).to.not.include(error.detail.msg);
    expect(login.visited).to.deep.equal([]);
  });

  it('validates both fields on submit', async () => {
    login = await mobileView();
    input(login.root, 'phone').value = '13800000001';
    (login.root.querySelector('form[name="sso-mobile-login"]') as HTMLFormElement).requestSubmit();
    await waitFor(() => fieldError(login!.root, 'code'));
    expect(fieldError(login.root, 'phone')).to.equal(null);
    expect(fieldError(login.root, 'code')).to.equal('请输入短信验证码');
  });

  it('a masked phone (138****0001) is refused with 请输入合法手机号: no code is sent, no login is tried', async () => {
    login = await mobileView();
    const fetches = recordFetches();
    try {
      input(login.root, 'phone').value = '138****0001';
      sendCodeButton(login).click();
      await waitFor(() => fieldError(login!.root, 'phone'));
      expect(fieldError(login.root, 'phone')).to.equal('请输入合法手机号');
      input(login.root, 'code').value = '123456';
      (login.root.querySelector('form[name="sso-mobile-login"]') as HTMLFormElement).requestSubmit();
      await afterRender();
      expect(fieldError(login.root, 'phone')).to.equal('请输入合法手机号');
      expect(fieldError(login.root, 'code')).to.equal(null); // the submit was validated
      expect(fetches.urls).to.deep.equal([]);
    } finally {
      fetches.restore();
    }
  });
});
