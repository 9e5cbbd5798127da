// Password login against the real server: success and its event, errors, values read at submit
// time, the loading state, and already-logged-in users on load.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { waitFor } from '../../support/helpers.ts';
import { deepActiveElement } from '../../../../widget/core/deep-focus.ts';
import { byText, pageReady, input, isLoggedIn, mountLogin, signOutForReal, toasts, type MountedLogin, withLoginFixture } from '../login-fixture.ts';

function form(login: MountedLogin): HTMLFormElement {
  return login.root.querySelector('form[name="sso-password-login"]') as HTMLFormElement;
}

/** The error of the sign-in form as a whole (wrong password, locked), shown above its button. */
function formError(login: MountedLogin): string {
  return form(login).querySelector('.sso-form-error')?.textContent ?? '';
}

describe('<sso-login> password login', () => {
  let login: MountedLogin | null = null;
  withLoginFixture();

  it('signs in, emits sso-login-success (bubbling, composed) and goes to /home', async () => {
    login = await mountLogin();
    input(login.root, 'name').value = 'zhangwei';
    input(login.root, 'pwd').value = 'Sso@2026demo';
    form(login).requestSubmit();
    await waitFor(() => login!.visited.length > 0, 8000);
    expect(login.visited).to.deep.equal(['/home']);
    const success = login.events.find((event) => event.type === 'sso-login-success')!;
    expect(success.detail).to.deep.equal({ redirect: '/home', username: 'zhangwei' });
    expect(success.bubbles).to.equal(true);
    expect(success.composed).to.equal(true);
    expect(success.cancelable).to.equal(true);
    expect(await isLoggedIn()).to.equal(true);
  });

  it('sends the page\'s view with doLogin (default odin, else the view attribute) and the server takes it', async () => {
    const bodies: string[] = [];
    const original = window.fetch;
    window.fetch = (resource, init) => {
      if (String(resource).endsWith('/centerAuth/sso/doLogin')) bodies.push(String(init?.body));
      return original(resource, init);
    };
    try {
      for (const attributes of [{}, { view: 'crm' }] as Array<Record<string, string>>) {
        login = await mountLogin(attributes);
        input(login.root, 'name').value = 'zhangwei';
        input(login.root, 'pwd').value = 'Sso@2026demo';
        form(login).requestSubmit();
        await waitFor(() => login!.visited.length > 0, 8000);
        expect(login.visited).to.deep.equal(['/home']);
        login.remove();
        login = null;
        await signOutForReal();
      }
    } finally {
      window.fetch = original;
    }
    expect(bodies.map((body) => new URLSearchParams(body).get('view'))).to.deep.equal(['odin', 'crm']);
  });

  it('stays on the page when the host calls preventDefault on sso-login-success', async () => {
    login = await mountLogin();
    login.element.addEventListener('sso-login-success', (event) => event.preventDefault());
    input(login.root, 'name').value = 'zhangwei';
    input(login.root, 'pwd').value = 'Sso@2026demo';
    form(login).requestSubmit();
    await waitFor(() => login!.events.some((event) => event.type === 'sso-login-success'), 8000);
    expect(login.visited).to.deep.equal([]);
  });

  it('reads values at submit time: a password manager may fill without input events', async () => {
    login = await mountLogin();
    // Set like an autofill that fires no events; React never saw these values.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(login.root, 'name'), 'zhangwei');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input(login.root, 'pwd'), 'Sso@2026demo');
    byText(login.root, 'button', '登录').click();
    await waitFor(() => login!.visited.length > 0, 8000);
    expect(login.visited).to.deep.equal(['/home']);
  });

  it('wrong password: 用户名或密码错误 in the form as an alert (no toast) and sso-login-error', async () => {
    login = await mountLogin();
    input(login.root, 'name').value = 'dealer01';
    input(login.root, 'pwd').value = 'wrong-password';
    form(login).requestSubmit();
    await waitFor(() => formError(login!), 8000);
    expect(formError(login)).to.equal('用户名或密码错误');
    expect(toasts(login.root)).to.deep.equal([]);
    const error = login.events.find((event) => event.type === 'sso-login-error')!;
    expect(error.detail.msg).to.equal('用户名或密码错误');
    expect(form(login).querySelector('.sso-form-error')?.getAttribute('role')).to.equal('alert');
    expect(login.visited).to.deep.equal([]);
  });

  it('a locked name (HTTP 423): 该账号已锁定 with the minutes left (issue 13), in the form, and sso-login-error', async () => {
    login = await mountLogin();
    // Failures are counted per name (existing or not); the fifth one locks it.
    const name = `nobody${Date.now()}`;
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      input(login.root, 'name').value = name;
      input(login.root, 'pwd').value = 'wrong-password';
      form(login).requestSubmit();
      await waitFor(() => login!.events.filter((event) => event.type === 'sso-login-error').length === attempt, 8000);
      await waitFor(() => !login!.root.querySelector('button[aria-busy="true"]'));
    }
    const last = login.events.filter((event) => event.type === 'sso-login-error').pop()!;
    expect(last.detail).to.deep.equal({ code: 423, msg: '该账号已锁定，请 15 分钟后再试' });
    // In the form, where the user looks (issue 15), with the minutes left; no toast on top.
    await waitFor(() => formError(login!) === '该账号已锁定，请 15 分钟后再试');
    expect(toasts(login.root).filter((text) => text.startsWith('该账号已锁定'))).to.have.length(0);
    expect(login.visited).to.deep.equal([]);
  });

  it('empty fields: 请输入用户名 / 请输入密码 next to the inputs, no call', async () => {
    login = await mountLogin();
    form(login).requestSubmit();
    await waitFor(() => login!.root.querySelector('.sso-field-error'));
    const errors = Array.from(login.root.querySelectorAll('.sso-field-error')).map((node) => node.textContent);
    expect(errors).to.deep.equal(['请输入用户名', '请输入密码']);
    expect(input(login.root, 'name').getAttribute('aria-invalid')).to.equal('true');
    // The input sits in the light DOM (password managers), where aria-describedby cannot reach the
    // shadow message: it points at a hidden light-DOM copy of the message instead.
    const describedBy = input(login.root, 'name').getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).to.equal('请输入用户名');
  });

  it('empty fields by the 登录 button: the focus goes to the first invalid field, not left on the button', async () => {
    login = await mountLogin();
    const submit = form(login).querySelector<HTMLButtonElement>('button[type="submit"]')!;
    submit.focus();
    submit.click();
    await waitFor(() => deepActiveElement() === input(login!.root, 'name'));
    expect(input(login.root, 'name').getAttribute('aria-invalid')).to.equal('true');
    // Only the password missing: the focus goes there.
    input(login.root, 'name').value = 'zhangwei';
    submit.focus();
    submit.click();
    await waitFor(() => deepActiveElement() === input(login!.root, 'pwd'));
    expect(Array.from(login.root.querySelectorAll('.sso-field-error')).map((node) => node.textContent)).to.deep.equal(['请输入密码']);
  });

  it('shows a loading state and sends one request however often the button is pressed', async () => {
    login = await mountLogin();
    const posted: string[] = [];
    const original = window.fetch;
    window.fetch = (resource, init) => {
      if (String(resource).includes('/doLogin')) posted.push(String(resource));
      return original(resource, init);
    };
    try {
      input(login.root, 'name').value = 'zhangwei';
      input(login.root, 'pwd').value = 'Sso@2026demo';
      const button = byText(login.root, 'button', '登录');
      button.click();
      const busy = await waitFor(() => login!.root.querySelector('button[aria-busy="true"]'));
      expect(busy.textContent).to.equal('登录中…');
      // Inert while it waits, yet not disabled: a disabled button would drop the keyboard focus.
      expect(busy.getAttribute('aria-disabled')).to.equal('true');
      form(login).requestSubmit();
      form(login).requestSubmit();
      await waitFor(() => login!.visited.length > 0, 8000);
    } finally {
      window.fetch = original;
    }
    expect(posted).to.have.length(1);
  });

  it('works by keyboard alone: type, Tab, Enter', async () => {
    login = await mountLogin();
    input(login.root, 'name').focus();
    await sendKeys({ type: 'zhangwei' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'Sso@2026demo' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => login!.visited.length > 0, 8000);
    expect(login.visited).to.deep.equal(['/home']);
  });

  it('on load, a user who is already logged in goes to /home through sso-login-success', async () => {
    const first = await mountLogin();
    input(first.root, 'name').value = 'zhangwei';
    input(first.root, 'pwd').value = 'Sso@2026demo';
    form(first).requestSubmit();
    await waitFor(() => first.visited.length > 0, 8000);
    first.remove();
    login = await mountLogin();
    await waitFor(() => login!.visited.length > 0, 8000);
    expect(login.visited).to.deep.equal(['/home']);
    expect(login.events.find((event) => event.type === 'sso-login-success')?.detail).to.deep.equal({ redirect: '/home' });
  });

  it('a user who is not logged in stays on the login page', async () => {
    login = await mountLogin();
    await pageReady(login); // isLogin has answered false and the load logic has run to its end
    expect(login.visited).to.deep.equal([]);
    expect(login.events.filter((event) => event.type === 'sso-login-success')).to.deep.equal([]);
  });
});
