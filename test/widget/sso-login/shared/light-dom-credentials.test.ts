// Password managers: the username and password inputs are light-DOM children of <sso-login>
// (slotted into the shadow form), so autofill and extension managers that scan the document find
// them; values filled without input events are the ones submitted; Enter submits; the credential
// is handed to the browser's Credential Management API after a successful sign-in.
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { waitFor } from '../../support/helpers.ts';
import { isLoggedIn, mountLogin, type MountedLogin, withLoginFixture } from '../login-fixture.ts';

const setWithoutEvents = (element: HTMLInputElement, value: string) =>
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value);

function lightInput(login: MountedLogin, name: string): HTMLInputElement {
  const found = login.element.querySelector<HTMLInputElement>(`:scope > input[name="${name}"]`);
  if (!found) throw new Error(`no light-DOM input ${name}`);
  return found;
}

describe('<sso-login> credential inputs for password managers', () => {
  let login: MountedLogin | null = null;
  withLoginFixture();

  it('puts name and password in the light DOM with name, autocomplete and an accessible name, shown in the shadow form', async () => {
    login = await mountLogin();
    const name = lightInput(login, 'name');
    const pwd = lightInput(login, 'pwd');
    // A document-wide scan (what extension managers do) finds both.
    expect(Array.from(document.querySelectorAll('sso-login input')).map((input) => input.getAttribute('name'))).to.deep.equal(['name', 'pwd']);
    expect([name.type, name.autocomplete, name.getAttribute('aria-label')]).to.deep.equal(['text', 'username webauthn', '用户名']);
    expect([pwd.type, pwd.autocomplete, pwd.getAttribute('aria-label')]).to.deep.equal(['password', 'current-password', '密码']);
    const form = login.root.querySelector('form[name="sso-password-login"]')!;
    for (const input of [name, pwd]) {
      const slot = form.querySelector<HTMLSlotElement>(`slot[name="${input.slot}"]`)!;
      expect(slot.assignedElements()).to.deep.equal([input]);
      // Rendered inside the login box, with the element's own look (::slotted styles, no style="").
      expect(input.getBoundingClientRect().height).to.be.greaterThan(30);
      expect(getComputedStyle(input).borderTopStyle).to.equal('solid');
      expect(input.hasAttribute('style')).to.equal(false);
    }
    // No input inside the shadow root of the password view.
    expect(form.querySelectorAll('input').length).to.equal(0);
  });

  it('submits values set without input events, with Enter in the password field', async () => {
    login = await mountLogin();
    setWithoutEvents(lightInput(login, 'name'), 'zhangwei');
    setWithoutEvents(lightInput(login, 'pwd'), 'Sso@2026demo');
    lightInput(login, 'pwd').focus();
    await sendKeys({ press: 'Enter' });
    await waitFor(() => login!.visited.length > 0, 8000);
    expect(login.visited).to.deep.equal(['/home']);
    expect(await isLoggedIn()).to.equal(true);
  });

  it('a click on the visible label focuses the light input; errors mark it invalid', async () => {
    login = await mountLogin();
    const label = Array.from(login.root.querySelectorAll<HTMLLabelElement>('form[name="sso-password-login"] label')).find((l) => l.textContent === '密码')!;
    label.click();
    expect(document.activeElement).to.equal(lightInput(login, 'pwd'));
    (login.root.querySelector('form[name="sso-password-login"]') as HTMLFormElement).requestSubmit();
    await waitFor(() => lightInput(login!, 'name').getAttribute('aria-invalid') === 'true');
    const describedBy = lightInput(login, 'name').getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).to.equal('请输入用户名');
  });

  it('removes its light inputs when the view changes or the element goes away', async () => {
    login = await mountLogin();
    expect(login.element.querySelectorAll(':scope > input').length).to.equal(2);
    (Array.from(login.root.querySelectorAll('button')).find((b) => b.textContent === '手机登录') as HTMLButtonElement).click();
    await waitFor(() => login!.root.querySelector('form[name="sso-mobile-login"]'));
    expect(login.element.querySelectorAll(':scope > input[name="pwd"]').length).to.equal(0);
  });

  it('register view: username and both new passwords are light-DOM inputs, phone and code stay inside', async () => {
    login = await mountLogin();
    (Array.from(login.root.querySelectorAll('button')).find((b) => b.textContent === '注册账号') as HTMLButtonElement).click();
    await waitFor(() => login!.root.querySelector('form[name="sso-register"]'));
    const light = Array.from(login.element.querySelectorAll<HTMLInputElement>(':scope > input')).map((input) => [input.name, input.autocomplete, input.getAttribute('aria-label')]);
    expect(light).to.deep.equal([
      ['username', 'username', '用户名'],
      ['password', 'new-password', '密码'],
      ['confirmPassword', 'new-password', '确认密码'],
    ]);
    const shadow = Array.from(login.root.querySelectorAll<HTMLInputElement>('form[name="sso-register"] input')).map((input) => input.name);
    expect(shadow).to.deep.equal(['phone', 'smsCode']);
  });

  it('stores a PasswordCredential after a successful sign-in (Chromium)', async () => {
    const stored: Credential[] = [];
    const original = navigator.credentials.store.bind(navigator.credentials);
    navigator.credentials.store = async (credential: Credential) => {
      stored.push(credential);
      return original(credential);
    };
    try {
      login = await mountLogin();
      setWithoutEvents(lightInput(login, 'name'), 'zhangwei');
      setWithoutEvents(lightInput(login, 'pwd'), 'Sso@2026demo');
      (login.root.querySelector('form[name="sso-password-login"]') as HTMLFormElement).requestSubmit();
      await waitFor(() => login!.visited.length > 0, 8000);
      expect(stored.length).to.equal(1);
      expect(stored[0]).to.be.instanceOf((window as unknown as { PasswordCredential: typeof Credential }).PasswordCredential);
      expect([stored[0]!.id, (stored[0] as unknown as { password: string }).password]).to.deep.equal(['zhangwei', 'Sso@2026demo']);
    } finally {
      navigator.credentials.store = original;
    }
  });
});
