// The second step of <sso-login> (issue 21): after a right password the server answers AU00170
// (a code is due) or AU00175 (the group requires a second factor first). The server's side is
// tested in test/server/mfa/; here its answers are played by a stub of fetch, so the shared demo
// accounts of the real test server keep no factor.
import { expect } from '@open-wc/testing';
import { waitFor } from '../../support/helpers.ts';
import { byText, input, mountLogin, type MountedLogin, withLoginFixture } from '../login-fixture.ts';

type Reply = { code: number | string; msg: string; data: unknown; errorCode?: string };

function stubApi(routes: Record<string, Array<(body: unknown) => Reply>>): { calls: Array<{ path: string; body: unknown }>; restore(): void } {
  const original = window.fetch;
  const calls: Array<{ path: string; body: unknown }> = [];
  window.fetch = async (resource, init) => {
    const url = String(resource instanceof Request ? resource.url : resource);
    const path = Object.keys(routes).find((p) => url.split('?')[0]!.endsWith(p));
    if (!path) return original(resource, init);
    const raw = String(init?.body ?? '');
    const body = raw.startsWith('{') ? JSON.parse(raw) : Object.fromEntries(new URLSearchParams(raw));
    calls.push({ path, body });
    const queue = routes[path]!;
    const reply = (queue.length > 1 ? queue.shift()! : queue[0]!)(body);
    return new Response(JSON.stringify(reply), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { calls, restore: () => { window.fetch = original; } };
}

const refusal = (code: string, msg: string, data: unknown = null): Reply => ({ code, errorCode: code, msg, data });
const success = (data: unknown): Reply => ({ code: 200, msg: 'success', data });

async function passwordSubmit(login: MountedLogin): Promise<void> {
  input(login.root, 'name').value = 'zhangwei';
  input(login.root, 'pwd').value = 'Sso@2026demo';
  (login.root.querySelector('form[name="sso-password-login"]') as HTMLFormElement).requestSubmit();
}

describe('<sso-login> second factor', () => {
  let stub: ReturnType<typeof stubApi> | null = null;
  withLoginFixture();
  afterEach(() => stub?.restore());

  it('asks for the code after the password, shows a wrong code in the form, then signs in', async () => {
    stub = stubApi({
      '/centerAuth/sso/doLogin': [() => refusal('AU00170', '请输入身份验证器中的 6 位动态验证码', { challenge: 'c'.repeat(43), step: 'verify' })],
      '/centerAuth/sso/mfa/verify': [
        () => refusal('AU00171', '动态验证码错误，请重新输入'),
        () => success({ username: 'zhangwei', redirect: '/home' }),
      ],
    });
    const login = await mountLogin();
    await passwordSubmit(login);
    const form = await waitFor(() => login.root.querySelector('form[name="sso-second-factor"]') as HTMLFormElement | null, 8000);
    expect(login.root.querySelector('.sso-box__title')?.textContent).to.equal('二次验证');
    const code = input(login.root, 'code');
    expect(code.getAttribute('autocomplete')).to.equal('one-time-code');
    await waitFor(() => login.root.activeElement === code || document.activeElement === login.element);

    code.value = '12';
    form.requestSubmit();
    await waitFor(() => form.querySelector('.sso-field-error')?.textContent === '请输入 6 位数字动态验证码');
    expect(stub.calls.filter((c) => c.path.endsWith('verify'))).to.have.length(0);

    code.value = '123456';
    form.requestSubmit();
    await waitFor(() => form.querySelector('.sso-form-error')?.textContent === '动态验证码错误，请重新输入', 8000);
    expect(login.visited).to.deep.equal([]);

    input(login.root, 'code').value = '654321';
    form.requestSubmit();
    await waitFor(() => login.visited.length > 0, 8000);
    expect(login.visited).to.deep.equal(['/home']);
    expect(stub.calls.filter((c) => c.path.endsWith('verify')).map((c) => c.body)).to.deep.equal([
      { challenge: 'c'.repeat(43), code: '123456' },
      { challenge: 'c'.repeat(43), code: '654321' },
    ]);
  });

  it('takes a recovery code instead; a timed-out step goes back to the password form', async () => {
    stub = stubApi({
      '/centerAuth/sso/doLogin': [() => refusal('AU00170', '请输入身份验证器中的 6 位动态验证码', { challenge: 'd'.repeat(43), step: 'verify' })],
      '/centerAuth/sso/mfa/verify': [() => refusal('AU00173', '验证已超时，请重新输入密码登录')],
    });
    const login = await mountLogin();
    await passwordSubmit(login);
    const form = await waitFor(() => login.root.querySelector('form[name="sso-second-factor"]') as HTMLFormElement | null, 8000);
    const toggle = [...form.querySelectorAll('button')].find((b) => b.textContent === '无法使用身份验证器？使用恢复码')!;
    toggle.click();
    await waitFor(() => form.querySelector('label')?.textContent === '恢复码');
    input(login.root, 'code').value = 'abcde-fghjk';
    form.requestSubmit();
    await waitFor(() => login.root.querySelector('form[name="sso-password-login"]'), 8000);
    expect(stub.calls.at(-1)!.body).to.deep.equal({ challenge: 'd'.repeat(43), recoveryCode: 'abcde-fghjk' });
  });

  it('enrols when the group requires it: QR code and secret, one code, the recovery codes, then on', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `aaaa${i}-bbbbb`);
    stub = stubApi({
      '/centerAuth/sso/doLogin': [() => refusal('AU00175', '您所在的用户组要求二次验证，请先绑定身份验证器', { challenge: 'e'.repeat(43), step: 'enrol' })],
      '/centerAuth/sso/mfa/enrol/start': [() => success({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>' })],
      '/centerAuth/sso/mfa/enrol/confirm': [() => success({ username: 'zhangwei', redirect: '/home', recoveryCodes: codes })],
    });
    const login = await mountLogin();
    await passwordSubmit(login);
    const form = await waitFor(() => login.root.querySelector('form[name="sso-second-factor-enrol"]') as HTMLFormElement | null, 8000);
    [...form.querySelectorAll('button')].find((b) => b.textContent === '获取二维码')!.click();
    await waitFor(() => form.querySelector('.sso-totp-qr svg'), 8000);
    expect(form.querySelector('.sso-totp-secret')?.textContent).to.equal('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    input(login.root, 'code').value = '123456';
    form.requestSubmit();
    const list = await waitFor(() => login.root.querySelector('.sso-recovery-codes'), 8000);
    expect([...list.querySelectorAll('code')].map((c) => c.textContent)).to.deep.equal(codes);
    expect(login.visited).to.deep.equal([], 'the codes are seen before the sign-in goes on');
    [...login.root.querySelectorAll('button')].find((b) => b.textContent === '我已保存，继续')!.click();
    await waitFor(() => login.visited.length > 0);
    expect(login.visited).to.deep.equal(['/home']);
  });
  it('enrolled, then "must change password": the recovery codes first, then the change dialog carries the step\'s proof and asks no code (issue 31)', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `cccc${i}-ddddd`);
    const ticket = 't'.repeat(43);
    stub = stubApi({
      '/centerAuth/sso/doLogin': [() => refusal('AU00175', '您所在的用户组要求二次验证，请先绑定身份验证器', { challenge: 'e'.repeat(43), step: 'enrol' })],
      '/centerAuth/sso/mfa/enrol/start': [() => success({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M0 0h1v1H0z"/></svg>' })],
      '/centerAuth/sso/mfa/enrol/confirm': [() => refusal('AU00154', '首次登录，请先修改密码', { username: 'zhangwei', changeTicket: ticket, recoveryCodes: codes })],
      '/centerAuth/user/changePassword': [() => success(null)],
    });
    const login = await mountLogin();
    await passwordSubmit(login);
    const form = await waitFor(() => login.root.querySelector('form[name="sso-second-factor-enrol"]') as HTMLFormElement | null, 8000);
    [...form.querySelectorAll('button')].find((b) => b.textContent === '获取二维码')!.click();
    await waitFor(() => form.querySelector('.sso-totp-qr svg'), 8000);
    input(login.root, 'code').value = '123456';
    form.requestSubmit();
    const list = await waitFor(() => login.root.querySelector('.sso-recovery-codes'), 8000);
    expect([...list.querySelectorAll('code')].map((c) => c.textContent)).to.deep.equal(codes, 'the new codes are shown once, before the change');
    [...login.root.querySelectorAll('button')].find((b) => b.textContent === '我已保存，继续')!.click();
    const confirm = await waitFor(() => login.root.querySelector<HTMLDialogElement>('dialog[data-kind="confirm"][open]'), 8000);
    expect(confirm.textContent).to.contain('首次登录需要修改密码');
    byText(confirm, 'button', '确定').click();
    const dialog = await waitFor(() => login.root.querySelector<HTMLDialogElement>('dialog.sso-change-password[open]'), 8000);
    input(dialog, 'oldPassword').value = 'Sso@2026demo';
    input(dialog, 'newPassword').value = 'New@2026demo';
    input(dialog, 'confirmPassword').value = 'New@2026demo';
    (dialog.querySelector('form') as HTMLFormElement).requestSubmit();
    await waitFor(() => login.root.querySelector('dialog.sso-change-password[open]') === null, 8000);
    const changes = stub.calls.filter((c) => c.path === '/centerAuth/user/changePassword');
    expect(changes.length).to.equal(1);
    const body = changes[0]!.body as Record<string, unknown>;
    expect(body.userName).to.equal('zhangwei');
    expect(body.changeTicket).to.equal(ticket);
    expect(body.code).to.equal(undefined, 'no code asked: the ticket is the proof');
    expect(login.visited).to.deep.equal([], 'no sign-in before the new password is used');
  });

  it('asks for the code after an SMS sign-in too (the phone is one factor), then signs in', async () => {
    stub = stubApi({
      '/centerAuth/sso/doLogin': [(body) => ((body as { loginType?: string }).loginType === '1'
        ? refusal('AU00170', '请输入身份验证器中的 6 位动态验证码', { challenge: 'm'.repeat(43), step: 'verify' })
        : refusal('AU00100', '用户名或密码错误'))],
      '/centerAuth/sso/mfa/verify': [() => success({ username: 'dealer01', redirect: '/home' })],
    });
    const login = await mountLogin();
    byText(login.root, 'button', '手机登录').click();
    const mobile = await waitFor(() => login.root.querySelector<HTMLFormElement>('form[name="sso-mobile-login"]'));
    input(login.root, 'phone').value = '13800000001';
    input(login.root, 'code').value = '123456';
    mobile.requestSubmit();
    const form = await waitFor(() => login.root.querySelector('form[name="sso-second-factor"]') as HTMLFormElement | null, 8000);
    expect(stub.calls.filter((c) => c.path === '/centerAuth/sso/doLogin').map((c) => (c.body as { loginType: string }).loginType)).to.deep.equal(['1']);
    input(login.root, 'code').value = '654321';
    form.requestSubmit();
    await waitFor(() => login.visited.length > 0, 8000);
    expect(stub.calls.find((c) => c.path === '/centerAuth/sso/mfa/verify')?.body).to.deep.equal({ challenge: 'm'.repeat(43), code: '654321' });
  });
});
