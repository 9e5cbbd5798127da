// Mounting <sso-login> for tests: attributes in, shadow root out, navigation and events recorded.
import '../../../widget/sso-login/define.ts';
import { setNavigator } from '../../../widget/core/navigate.ts';
import { createApiClient } from '../../../widget/core/request.ts';
import { createNoticeCenter } from '../../../widget/core/notices.ts';
import { expect } from '@open-wc/testing';
import { install } from '@sinonjs/fake-timers';
import { waitFor } from '../support/helpers.ts';

export interface MountedLogin {
  element: HTMLElement;
  root: ShadowRoot;
  visited: string[];
  events: CustomEvent[];
  remove(): void;
}

const EVENT_NAMES = ['sso-login-success', 'sso-login-error', 'sso-login-view-change'] as const;

/** The remove() of each element mounted and not yet removed, oldest first (withLoginFixture uses it). */
const leftMounted = new Set<() => void>();

/**
 * The hooks most <sso-login> test files share: each test starts signed out on the real server; after
 * it, every element it mounted (and did not remove itself) is removed, newest first so each
 * navigator stub is restored in turn, and the session is signed out again.
 */
export function withLoginFixture(): void {
  // The test server runs without the SMS resend cooldown (tests send freely); its group config says
  // 60 s, as a server with the default SSO_SMS_COOLDOWN_SECONDS does, so the send buttons count down.
  let restoreCooldown = () => {};
  beforeEach(async () => {
    restoreCooldown = serverCooldown(60);
    await signOutForReal();
  });
  afterEach(async () => {
    for (const remove of [...leftMounted].reverse()) remove();
    restoreCooldown();
    await signOutForReal();
  });
}

export async function mountLogin(attributes: Record<string, string> = {}): Promise<MountedLogin> {
  const visited: string[] = [];
  const restoreNavigator = setNavigator((url) => visited.push(url));
  const events: CustomEvent[] = [];
  const record = (event: Event) => events.push(event as CustomEvent);
  for (const name of EVENT_NAMES) document.addEventListener(name, record);
  const element = document.createElement('sso-login');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  // Once only: a second call would restore a navigator stub that is no longer the current one.
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    leftMounted.delete(remove);
    element.remove();
    for (const name of EVENT_NAMES) document.removeEventListener(name, record);
    restoreNavigator();
  };
  leftMounted.add(remove);
  const root = await waitFor(() => (element.shadowRoot?.querySelector('.sso-box') ? element.shadowRoot : null));
  return { element, root, visited, events, remove };
}

/** Waits until the client group's answer has arrived (it decides brand, QR toggle, images). */
export async function groupLoaded(login: MountedLogin): Promise<void> {
  await waitFor(() => login.root.querySelector('.sso-login[data-group-loaded="true"]'), 8000);
}

/** Waits until the page's load logic (isLogin and the group, or the sign-out) has run to its end. */
export async function pageReady(login: MountedLogin): Promise<void> {
  await waitFor(() => login.root.querySelector('.sso-login[data-page-ready="true"]'), 8000);
}

export function byText<T extends Element = HTMLButtonElement>(root: ParentNode, selector: string, text: string): T {
  const found = Array.from(root.querySelectorAll<T>(selector)).find((node) => node.textContent?.trim() === text);
  if (!found) throw new Error(`no ${selector} with text ${text}`);
  return found;
}

/** An input of the element: in its shadow root, or (credential inputs) slotted from its light DOM. */
export function input(root: ParentNode, name: string): HTMLInputElement {
  const selector = `input[name="${name}"]`;
  const tree = root instanceof Node ? root.getRootNode() : null;
  const host = tree instanceof ShadowRoot ? tree.host : null;
  const found = root.querySelector<HTMLInputElement>(selector) ?? host?.querySelector<HTMLInputElement>(`:scope > ${selector}`) ?? null;
  if (!found) throw new Error(`no input ${name}`);
  return found;
}

export function fieldError(root: ParentNode, name: string): string | null {
  return root.querySelector(`.sso-field-error[data-field="${name}"]`)?.textContent ?? null;
}

export function toasts(root: ParentNode): string[] {
  return Array.from(root.querySelectorAll('.sso-toast__text')).map((node) => node.textContent ?? '');
}

/** Ends the browser's session on the real server, so the next element starts logged out. */
export async function signOutForReal(): Promise<void> {
  await createApiClient({ apiBase: '/api', notices: createNoticeCenter() }).get('/centerAuth/sso/signout', { quiet: true }).catch(() => undefined);
}

export async function isLoggedIn(): Promise<boolean> {
  return Boolean(await createApiClient({ apiBase: '/api', notices: createNoticeCenter() }).get('/centerAuth/sso/isLogin', { quiet: true }));
}

/** The last SMS code the real server wrote to its outbox for this phone. */
export async function lastSmsCode(phone: string): Promise<string> {
  const answer = (await (await fetch(`/__test/sms?phone=${phone}`)).json()) as { code: string | null };
  if (!answer.code) throw new Error(`no SMS for ${phone}`);
  return answer.code;
}

/** Submits a form the way a user's Enter key or button click does. */
export function submit(form: HTMLFormElement): void {
  form.requestSubmit();
}

export function setQuery(query: string): () => void {
  const before = window.location.href;
  window.history.replaceState(null, '', `${window.location.pathname}?${query}`);
  return () => window.history.replaceState(null, '', before);
}

/**
 * The group config answers `seconds` as the server's SMS resend cooldown (the test server runs
 * without one, so tests can send freely), as a server started with SSO_SMS_COOLDOWN_SECONDS does.
 * Call before mounting; returns the restore.
 */
export function serverCooldown(seconds: number): () => void {
  const original = window.fetch;
  window.fetch = async (resource, init) => {
    const response = await original(resource, init);
    const url = String(resource instanceof Request ? resource.url : resource);
    if (!url.includes('/centerAuth/clientGroup/detailGetBySsoDomain') || !response.ok) return response;
    const envelope = (await response.json()) as { data?: Record<string, unknown> | null };
    if (envelope.data) envelope.data.smsCooldownSeconds = seconds;
    return new Response(JSON.stringify(envelope), { status: response.status, headers: response.headers });
  };
  return () => {
    window.fetch = original;
  };
}

/** The 获取验证码 button of the view on screen (mobile login, forgot password, register). */
export function sendCodeButton(login: MountedLogin): HTMLButtonElement {
  return login.root.querySelector('.sso-send-code') as HTMLButtonElement;
}

/**
 * Presses 获取验证码 (the phone is already typed) and follows the button through the 60 s
 * cooldown on a fake clock: the toast, the button inert but focusable (aria-disabled, so the
 * keyboard focus stays on it), each second counted, and usable again at the end. The same
 * component serves every view that sends a code; each view's test runs this on its own form.
 */
export async function expectSendCountdown(login: MountedLogin): Promise<void> {
  const clock = install({ toFake: ['setInterval', 'clearInterval'] });
  try {
    sendCodeButton(login).click();
    await waitFor(() => sendCodeButton(login).textContent === '60秒后重新获取', 8000);
    expect(sendCodeButton(login).getAttribute('aria-disabled')).to.equal('true');
    expect(toasts(login.root)).to.include('验证码已发送');
    await clock.tickAsync(1000);
    expect(sendCodeButton(login).textContent).to.equal('59秒后重新获取');
    await clock.tickAsync(58_000);
    expect(sendCodeButton(login).textContent).to.equal('1秒后重新获取');
    await clock.tickAsync(1000);
    expect(sendCodeButton(login).textContent).to.equal('获取验证码');
    expect(sendCodeButton(login).getAttribute('aria-disabled')).to.equal(null);
  } finally {
    clock.uninstall();
  }
}
