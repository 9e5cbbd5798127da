// The dialogs and error states of <sso-login>, reached with the real element in the demo's login
// pane: the demo fills its password form and presses 登录. The change-password dialogs come from
// the real server (the demo accounts firstlogin and agedpwd); the lock, the expired session and
// the lost network are answered by the demo for that one request (scripted-answers.ts), because a
// real lock would lock a shared demo account for a quarter of an hour.
import { TOKEN_EXPIRED } from '../contract/messages.ts';
import { lockedForMinutes } from '../contract/errors.ts';
import { PASSWORD_LABEL, USERNAME_LABEL } from '../widget/sso-login/sso-login.messages.ts';
import { DEMO_USERS } from './demo-data.ts';
import { answerNextAsOffline, answerNextWithStatus, clearScriptedAnswers } from './scripted-answers.ts';

const DO_LOGIN = '/centerAuth/sso/doLogin';

export interface DemoState {
  id: string;
  label: string;
  /** What the user sees, in the words of the screen. */
  shows: string;
  username: string;
  password: string;
  /** Sets up the one scripted answer, if any, before the form is submitted. */
  prepare?: () => void;
}

const user = (name: string) => DEMO_USERS.find((entry) => entry.username === name)!;

export const DEMO_STATES: DemoState[] = [
  {
    id: 'first-login', label: '首次登录改密（AU00154）', shows: '系统提示，确定后打开强制修改密码对话框',
    username: 'firstlogin', password: user('firstlogin').password,
  },
  {
    id: 'aged-password', label: '密码过期改密（AU00153）', shows: '系统提示，确定后打开修改密码对话框（可稍后修改）',
    username: 'agedpwd', password: user('agedpwd').password,
  },
  {
    id: 'locked', label: '账号锁定（423）', shows: `登录表单上方：${lockedForMinutes(15)}`,
    username: 'zhangwei', password: user('zhangwei').password,
    prepare: () => answerNextWithStatus(DO_LOGIN, 423, lockedForMinutes(15)),
  },
  {
    id: 'expired', label: '登录已过期（424）', shows: `系统提示：${TOKEN_EXPIRED}（取消 / 重新登录）`,
    username: 'zhangwei', password: user('zhangwei').password,
    prepare: () => answerNextWithStatus(DO_LOGIN, 424, TOKEN_EXPIRED),
  },
  {
    id: 'offline', label: '网络断开', shows: '网络连接失败的提示',
    username: 'zhangwei', password: user('zhangwei').password,
    prepare: () => answerNextAsOffline(DO_LOGIN),
  },
];

/** Polls `find` every 50 ms until it returns something (or `timeoutMs` passed: null). */
async function poll<T>(find: () => T | null | undefined, timeoutMs = 5000): Promise<T | null> {
  const started = Date.now();
  for (;;) {
    const found = find();
    if (found) return found;
    if (Date.now() - started > timeoutMs) return null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sets a light-DOM credential input the way typing does (React reads it on input and at submit). */
function typeInto(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Signs in through the password form of `element` so that `state` shows. Resolves false when the
 * form did not appear (another view is open; 重新挂载 brings it back).
 */
export async function showDemoState(element: HTMLElement, state: DemoState): Promise<boolean> {
  const form = await poll(() => element.shadowRoot?.querySelector<HTMLFormElement>('form[name="sso-password-login"]'));
  const name = element.querySelector<HTMLInputElement>(`input[aria-label="${USERNAME_LABEL}"]`);
  const password = element.querySelector<HTMLInputElement>(`input[aria-label="${PASSWORD_LABEL}"]`);
  if (!form || !name || !password) return false;
  clearScriptedAnswers();
  state.prepare?.();
  typeInto(name, state.username);
  typeInto(password, state.password);
  form.requestSubmit();
  return true;
}
