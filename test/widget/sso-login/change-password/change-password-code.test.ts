// The forced change-password dialog of an account with an authenticator app (issue 31): the server
// answers the three passwords with AU00170, the dialog then shows 动态验证码 (focused), checks it is
// six digits, and sends the same change again with the code. The server's side is tested in
// test/server/auth/change-password-second-factor.test.ts; here doLogin and changePassword are played
// by a stub of fetch, so the shared demo accounts of the real test server keep no factor.
import { expect } from '@open-wc/testing';
import { waitFor } from '../../support/helpers.ts';
import { byText, input, mountLogin, withLoginFixture } from '../login-fixture.ts';
import { deepActiveElement } from '../../../../widget/core/deep-focus.ts';

type Reply = { code: number | string; msg: string; data: unknown; errorCode?: string };

describe('<sso-login> change password with an authenticator code', () => {
  let restore: (() => void) | null = null;
  withLoginFixture();
  afterEach(() => restore?.());

  it('asks for the code after AU00170 and sends the change again with it', async () => {
    const original = window.fetch;
    const changes: Array<Record<string, unknown>> = [];
    const replies: Record<string, (body: Record<string, unknown>) => Reply> = {
      '/centerAuth/sso/doLogin': () => ({ code: 'AU00154', errorCode: 'AU00154', msg: '首次登录，请修改密码', data: null }),
      '/centerAuth/user/changePassword': (body) => {
        changes.push(body);
        return body.code === undefined
          ? { code: 'AU00170', errorCode: 'AU00170', msg: '请输入身份验证器中的 6 位动态验证码', data: { challenge: '', step: 'verify' } }
          : { code: 200, msg: 'success', data: null };
      },
    };
    window.fetch = async (resource, init) => {
      const url = String(resource instanceof Request ? resource.url : resource).split('?')[0]!;
      const path = Object.keys(replies).find((p) => url.endsWith(p));
      if (!path) return original(resource, init);
      const raw = String(init?.body ?? '');
      const body = raw.startsWith('{') ? JSON.parse(raw) : Object.fromEntries(new URLSearchParams(raw));
      return new Response(JSON.stringify(replies[path]!(body)), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    restore = () => { window.fetch = original; };

    const login = await mountLogin();
    input(login.root, 'name').value = 'firstlogin';
    input(login.root, 'pwd').value = 'Sso@2026first';
    (login.root.querySelector('form[name="sso-password-login"]') as HTMLFormElement).requestSubmit();
    const confirm = await waitFor(() => login.root.querySelector<HTMLDialogElement>('dialog[data-kind="confirm"][open]'), 8000);
    byText(confirm, 'button', '确定').click();
    const dialog = await waitFor(() => login.root.querySelector<HTMLDialogElement>('dialog.sso-change-password[open]'), 8000);
    input(dialog, 'oldPassword').value = 'Sso@2026first';
    input(dialog, 'newPassword').value = 'New@2026first';
    input(dialog, 'confirmPassword').value = 'New@2026first';
    const form = dialog.querySelector('form') as HTMLFormElement;
    form.requestSubmit();

    const code = await waitFor(() => dialog.querySelector<HTMLInputElement>('input[name="code"]'), 8000);
    expect(changes.length).to.equal(1);
    expect(changes[0]!.code).to.equal(undefined);
    expect(dialog.textContent).to.contain('请输入身份验证器中的 6 位动态验证码');
    expect(code.getAttribute('autocomplete')).to.equal('one-time-code');
    await waitFor(() => deepActiveElement() === code);

    code.value = '12';
    form.requestSubmit();
    await waitFor(() => dialog.textContent?.includes('请输入 6 位数字动态验证码') ?? false);
    expect(changes.length).to.equal(1, 'a malformed code is not sent');

    code.value = '123456';
    form.requestSubmit();
    await waitFor(() => login.root.querySelector('dialog.sso-change-password[open]') === null, 8000);
    expect(changes.length).to.equal(2);
    expect(changes[1]!.code).to.equal('123456');
    await expect(login.element).to.exist;
  });
});
