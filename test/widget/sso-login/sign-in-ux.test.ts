// Sign-in UX of issue 15 against the real server, in Chromium: the credential inputs belong to a
// real light-DOM <form> (Chromium logs no password-field warning), errors appear where people look
// (under the field, inside the form, announced through live regions), focus follows view switches
// and stays on a waiting button, and the logout and register views say consistent things.
import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys } from '@web/test-runner-commands';
import { waitFor } from '../support/helpers.ts';
import { deepActiveElement } from '../../../widget/core/deep-focus.ts';
import { byText, fieldError, input, lastSmsCode, mountLogin, toasts, type MountedLogin, withLoginFixture } from './login-fixture.ts';

interface ConsoleEntry {
  type: string;
  text: string;
}

const PASSWORD_FIELD_WARNING = 'Password field is not contained in a form';

function lightForm(login: MountedLogin, name: string): HTMLFormElement {
  const form = login.element.querySelector<HTMLFormElement>(`:scope > form[name="${name}"]`);
  if (!form) throw new Error(`no light-DOM form ${name}`);
  return form;
}

function passwordForm(login: MountedLogin): HTMLFormElement {
  return login.root.querySelector('form[name="sso-password-login"]') as HTMLFormElement;
}

/** The hint a password field in a form draws when it has no autocomplete: only the probes lack one. */
const PROBE_HINT = 'Input elements should have autocomplete attributes';
const ANALYSIS_TIMEOUT_MS = 10_000;

/** A form of its own with a hidden password field without autocomplete: the analyser hints about it. */
function appendProbe(): HTMLFormElement {
  const form = document.createElement('form');
  const field = document.createElement('input');
  field.type = 'password';
  field.style.display = 'none';
  form.append(field);
  document.body.append(form);
  return form;
}

/**
 * What Chromium logged since the last call, once its form analyser has looked at the page as it is
 * now. The analyser reports each field once, shortly after it appears, and draws no line for a page
 * that is fine, so a probe marks its passes: the first probe's hint comes from a pass that saw the
 * page as it is now; a second probe, added once that hint is in, is reported by a later pass, and
 * console events arrive in order, so when its hint is in, all that the earlier pass said is in too.
 */
async function consoleAfterAnalysis(): Promise<ConsoleEntry[]> {
  const logged: ConsoleEntry[] = [];
  for (let pass = 1; pass <= 2; pass += 1) {
    const probe = appendProbe();
    const before = logged.length;
    const deadline = Date.now() + ANALYSIS_TIMEOUT_MS;
    try {
      while (!logged.slice(before).some((entry) => entry.text.includes(PROBE_HINT))) {
        if (Date.now() > deadline) throw new Error(`Chromium's form analyser did not report probe ${pass}`);
        logged.push(...(await executeServerCommand<ConsoleEntry[], undefined>('console-collect-take')));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      probe.remove();
    }
  }
  return logged;
}

describe('<sso-login> sign-in UX (issue 15)', () => {
  let login: MountedLogin | null = null;
  withLoginFixture();

  describe('a real light-DOM form for password managers', () => {
    it('password view: name and pwd belong to a light-DOM <form>, and Chromium logs no password-field warning', async () => {
      await executeServerCommand('console-collect-start');
      login = await mountLogin();
      const form = lightForm(login, 'sso-password-login');
      expect([form.method, form.noValidate, form.parentElement]).to.deep.equal(['post', true, login.element]);
      for (const name of ['name', 'pwd']) expect(input(login.root, name).form).to.equal(form);
      // FormData of the light form is what a password manager reads: both credentials, by name.
      input(login.root, 'name').value = 'zhangwei';
      input(login.root, 'pwd').value = 'secret';
      expect(Array.from(new FormData(form).keys())).to.deep.equal(['name', 'pwd']);
      const logged = await consoleAfterAnalysis();
      expect(logged.filter((entry) => entry.text.includes(PASSWORD_FIELD_WARNING))).to.deep.equal([]);
    });

    it('the console check can fail: a bare password input in the page is reported', async () => {
      await executeServerCommand('console-collect-start');
      const bare = document.createElement('input');
      bare.type = 'password';
      document.body.append(bare);
      try {
        const logged = await consoleAfterAnalysis();
        expect(logged.some((entry) => entry.text.includes(PASSWORD_FIELD_WARNING))).to.equal(true);
      } finally {
        bare.remove();
      }
    });

    it('register view: username and both passwords belong to the register light form, no warning', async () => {
      login = await mountLogin();
      await executeServerCommand('console-collect-start');
      byText(login.root, 'button', '注册账号').click();
      await waitFor(() => login!.root.querySelector('form[name="sso-register"]'));
      const form = lightForm(login, 'sso-register');
      expect(Array.from(form.elements).map((element) => (element as HTMLInputElement).name)).to.deep.equal(['username', 'password', 'confirmPassword']);
      // The password view's light form went away with its view.
      expect(login.element.querySelector(':scope > form[name="sso-password-login"]')).to.equal(null);
      const logged = await consoleAfterAnalysis();
      expect(logged.filter((entry) => entry.text.includes(PASSWORD_FIELD_WARNING))).to.deep.equal([]);
    });

    it('忘记密码 view: both new passwords belong to its light form, no warning; focus on its first field', async () => {
      login = await mountLogin();
      await executeServerCommand('console-collect-start');
      byText(login.root, 'button', '忘记密码').click();
      await waitFor(() => login!.root.querySelector('form[name="sso-forgot-password"]'));
      const form = lightForm(login, 'sso-forgot-password');
      expect(Array.from(form.elements).map((element) => (element as HTMLInputElement).name)).to.deep.equal(['newPassword', 'confirmPassword']);
      await waitFor(() => deepActiveElement() === login!.root.querySelector('form[name="sso-forgot-password"] input[name="phone"]'));
      const logged = await consoleAfterAnalysis();
      expect(logged.filter((entry) => entry.text.includes(PASSWORD_FIELD_WARNING))).to.deep.equal([]);
    });

    it('Enter in the password field submits the light form (what managers watch), which signs in', async () => {
      login = await mountLogin();
      let lightSubmits = 0;
      lightForm(login, 'sso-password-login').addEventListener('submit', () => (lightSubmits += 1));
      input(login.root, 'name').value = 'zhangwei';
      input(login.root, 'pwd').value = 'Sso@2026demo';
      input(login.root, 'pwd').focus();
      await sendKeys({ press: 'Enter' });
      await waitFor(() => login!.visited.length > 0, 8000);
      expect(lightSubmits).to.equal(1);
      expect(login.visited).to.deep.equal(['/home']);
    });
  });

  describe('errors where people look', () => {
    it('a field error sits under its field, is tied to a shadow input by aria-describedby, and is announced', async () => {
      login = await mountLogin();
      byText(login.root, 'button', '手机登录').click();
      const form = await waitFor(() => login!.root.querySelector<HTMLFormElement>('form[name="sso-mobile-login"]'));
      const live = form.querySelector('[data-live="field-errors"][aria-live="polite"]')!;
      // The live region exists before the error (a region added with its text is often not read).
      expect(live.textContent).to.equal('');
      input(login.root, 'phone').value = '123';
      form.requestSubmit();
      await waitFor(() => fieldError(form, 'phone'));
      const phone = input(login.root, 'phone');
      const message = form.querySelector('.sso-field-error[data-field="phone"]')!;
      expect(phone.getAttribute('aria-describedby')).to.equal(message.id);
      expect(message.textContent).to.equal('请输入合法手机号');
      // Under the field: right below the input, inside the same field.
      expect(message.getBoundingClientRect().top).to.be.at.least(phone.getBoundingClientRect().bottom);
      expect(message.parentElement).to.equal(phone.closest('.sso-field'));
      expect(live.textContent).to.contain('请输入合法手机号');
      expect(live.textContent).to.contain('请输入短信验证码');
    });

    it('light credential fields: the error under the field, tied to the input by aria-describedby, and announced', async () => {
      login = await mountLogin();
      passwordForm(login).requestSubmit();
      await waitFor(() => fieldError(login!.root, 'pwd'));
      const name = input(login.root, 'name');
      const message = login.root.querySelector('.sso-field-error[data-field="name"]')!;
      // aria-describedby cannot reach into the shadow root: it names a hidden light-DOM copy.
      const description = document.getElementById(name.getAttribute('aria-describedby') ?? '');
      expect([name.getAttribute('aria-invalid'), description?.textContent, description?.parentElement === login.element]).to.deep.equal(['true', '请输入用户名', true]);
      expect(message.getBoundingClientRect().top).to.be.at.least(name.getBoundingClientRect().bottom);
      expect(passwordForm(login).querySelector('[data-live="field-errors"][aria-live="polite"]')!.textContent).to.equal('请输入用户名；请输入密码');
      // Fixed, the description goes with the message.
      name.value = 'zhangwei';
      input(login.root, 'pwd').value = 'x';
      login.element.addEventListener('sso-login-success', (event) => event.preventDefault());
      passwordForm(login).requestSubmit();
      await waitFor(() => !name.hasAttribute('aria-describedby'), 8000);
      expect(login.element.querySelector('[data-sso-credential-error]')).to.equal(null);
    });

    it('a wrong password shows in the form, next to its button, as an alert, not as a toast', async () => {
      login = await mountLogin();
      const alert = passwordForm(login).querySelector('.sso-form-error[role="alert"]')!;
      expect(alert.textContent).to.equal('');
      input(login.root, 'name').value = 'dealer01';
      input(login.root, 'pwd').value = 'wrong-password';
      passwordForm(login).requestSubmit();
      await waitFor(() => alert.textContent, 8000);
      expect(alert.textContent).to.equal('用户名或密码错误');
      expect(alert.getBoundingClientRect().height).to.be.greaterThan(0);
      expect(toasts(login.root)).to.deep.equal([]);
      // A new try starts without the old message (here: the fields' own errors instead).
      input(login.root, 'pwd').value = '';
      passwordForm(login).requestSubmit();
      await waitFor(() => fieldError(login!.root, 'pwd'));
      expect(alert.textContent).to.equal('');
    });

    it('register: a refused code shows in the register form, not as a toast', async () => {
      login = await mountLogin();
      byText(login.root, 'button', '注册账号').click();
      const form = await waitFor(() => login!.root.querySelector<HTMLFormElement>('form[name="sso-register"]'));
      const phone = `1390000${String(Date.now()).slice(-4)}`;
      input(login.root, 'username').value = `uxdealer${Date.now() % 100000}`;
      input(login.root, 'phone').value = phone;
      (form.querySelector('.sso-send-code') as HTMLButtonElement).click();
      await waitFor(() => Number((form.querySelector('.sso-send-code') as HTMLButtonElement).dataset.seconds) > 0, 8000);
      const real = await lastSmsCode(phone);
      input(login.root, 'smsCode').value = real === '000000' ? '111111' : '000000';
      input(login.root, 'password').value = 'Sso@2026uxreg';
      input(login.root, 'confirmPassword').value = 'Sso@2026uxreg';
      form.requestSubmit();
      const alert = form.querySelector('.sso-form-error[role="alert"]')!;
      await waitFor(() => alert.textContent, 8000);
      const error = login.events.find((event) => event.type === 'sso-login-error')!;
      expect(alert.textContent).to.equal(error.detail.msg);
      expect(toasts(login.root)).to.not.include(error.detail.msg);
    });
  });

  describe('focus', () => {
    it('each view switch moves the focus to the new view\'s first field, else its heading; not on the first render', async () => {
      const outside = document.createElement('button');
      outside.textContent = 'outside';
      document.body.append(outside);
      outside.focus();
      try {
        login = await mountLogin();
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(document.activeElement === outside, 'the page keeps its focus on load').to.equal(true);
        byText(login.root, 'button', '手机登录').click();
        await waitFor(() => deepActiveElement() === login!.root.querySelector('input[name="phone"]'));
        byText(login.root, 'button', '密码登录').click();
        await waitFor(() => deepActiveElement() === login!.element.querySelector(':scope > input[name="name"]'));
        byText(login.root, 'button', '注册账号').click();
        await waitFor(() => deepActiveElement() === login!.element.querySelector(':scope > input[name="username"]'));
        byText(login.root, 'button', '返回密码登录').click();
        await waitFor(() => deepActiveElement() === login!.element.querySelector(':scope > input[name="name"]'));
      } finally {
        outside.remove();
      }
    });

    it('a view without a form (logout, back to login) focuses the heading', async () => {
      login = await mountLogin({ 'is-signout': '1' });
      // Nothing is signed out on load (issue 22): the view's one button does it.
      await waitFor(() => login!.root.querySelector('.sso-logout[data-state="ready"] button:not([aria-busy="true"])'), 8000);
      byText(login.root, 'button', '退出登录').click();
      await waitFor(() => login!.root.querySelector('.sso-logout[data-state="done"]'), 8000);
      byText(login.root, 'button', '重新登录').click();
      // 重新登录 leads back to the password view: focus on its first field.
      await waitFor(() => deepActiveElement() === login!.element.querySelector(':scope > input[name="name"]'), 8000);
      const heading = login.root.querySelector<HTMLElement>('#sso-box-title')!;
      expect(heading.tabIndex).to.equal(-1);
    });

    it('a waiting button keeps the focus and says it is waiting', async () => {
      login = await mountLogin();
      input(login.root, 'name').value = 'zhangwei';
      input(login.root, 'pwd').value = 'Sso@2026demo';
      // Hold the sign-in answer so the waiting state can be looked at.
      const original = window.fetch;
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      window.fetch = async (resource, init) => {
        if (String(resource).includes('/doLogin')) await held;
        return original(resource, init);
      };
      try {
        const button = byText(login.root, 'button', '登录');
        button.focus();
        await sendKeys({ press: 'Enter' });
        await waitFor(() => button.getAttribute('aria-busy') === 'true');
        expect(button.textContent).to.equal('登录中…');
        expect(button.getAttribute('aria-disabled')).to.equal('true');
        expect(deepActiveElement() === button, 'the waiting button keeps the focus').to.equal(true);
        release();
        await waitFor(() => login!.visited.length > 0, 8000);
      } finally {
        release();
        window.fetch = original;
      }
    });
  });

  describe('no dead ends', () => {
    it('logout view: once signed out it says so and offers 重新登录, never 您已退出登录 next to 退出登录', async () => {
      login = await mountLogin({ 'is-signout': '1' });
      await waitFor(() => login!.root.querySelector('.sso-logout[data-state="ready"] button:not([aria-busy="true"])'), 8000);
      byText(login.root, 'button', '退出登录').click();
      await waitFor(() => login!.root.querySelector('.sso-logout[data-state="done"]'), 8000);
      const view = login.root.querySelector('.sso-logout')!;
      expect(view.querySelector('.sso-logout__text')!.textContent).to.equal('您已退出登录');
      expect(Array.from(view.querySelectorAll('button')).map((button) => button.textContent)).to.deep.equal(['重新登录']);
    });

    it('logout view: a failed sign-out says so and offers 退出登录 to try again', async () => {
      login = await mountLogin({ 'is-signout': '1', 'api-base': '/__test/reply/500/-' });
      await waitFor(() => login!.root.querySelector('.sso-logout[data-state="ready"] button:not([aria-busy="true"])'), 8000);
      byText(login.root, 'button', '退出登录').click();
      await waitFor(() => login!.root.querySelector('.sso-logout[data-state="failed"]'), 8000);
      const view = login.root.querySelector('.sso-logout')!;
      expect(view.querySelector('.sso-logout__text')!.textContent).to.equal('退出登录失败，请重试');
      expect(Array.from(view.querySelectorAll('button')).map((button) => button.textContent)).to.deep.equal(['退出登录']);
    });

    it('register view: an empty confirmation asks for the password again, not for a "new" password', async () => {
      login = await mountLogin();
      byText(login.root, 'button', '注册账号').click();
      const form = await waitFor(() => login!.root.querySelector<HTMLFormElement>('form[name="sso-register"]'));
      form.requestSubmit();
      await waitFor(() => fieldError(form, 'confirmPassword'));
      expect(fieldError(form, 'confirmPassword')).to.equal('请再次输入密码');
      expect(byText(form, 'label', '确认密码')).to.not.equal(null);
    });
  });
});
