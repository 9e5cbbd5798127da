// Data and mounting helpers shared by the <app-center> tests.
import '../../../widget/app-center/define.ts';
import { waitFor } from '../support/helpers.ts';
import { ok, SCRIPTED_BASE, type ScriptedAnswer } from './scripted-api.ts';

/** A real 40x40 picture (data URL: loads without any server). */
export const GOOD_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#1f5eff"/></svg>');

export const APPS = [
  { id: 1, name: '经销商管理系统', logo: GOOD_ICON, intro: '订单、库存与结算', autoLoginUrl: 'dms.example.com/sso?ticket=1' },
  { id: 2, name: '售后服务平台', logo: '/__test/reply/404/-/broken.png', intro: '维修工单与配件查询', autoLoginUrl: 'https://service.example.com/login' },
  { id: 3, name: 'CRM 客户关系', logo: '', intro: '线索跟进和客户画像', autoLoginUrl: 'http://crm.example.com/auto' },
];

export const GROUPS = [
  { code: 'default', name: '统一登录平台', domainUrl: 'http://localhost:8080' },
  { code: 'exeed', name: '星途 EXEED 经销商平台', domainUrl: 'http://exeed.localhost:8080' },
  { code: 'icar', name: 'iCAR 经销商', domainUrl: 'icar.localhost:8080' },
];

/** The four load calls of a signed-in user of the exeed group. */
export function signedInRoutes(overrides: Record<string, ScriptedAnswer> = {}): Record<string, ScriptedAnswer> {
  return {
    '/centerAuth/user/curLogin/info': ok({ username: 'zhangwei' }),
    '/centerAuth/clientGroup/getClientGroupList': ok(GROUPS),
    '/centerAuth/client/getClientListBySsoDomain': ok(APPS),
    '/centerAuth/clientGroup/detailGetBySsoDomain': ok({ code: 'exeed', name: '星途 EXEED 经销商平台', domainUrl: 'http://exeed.localhost:8080' }),
    '/centerAuth/sso/isLogin': ok(true),
    '/centerAuth/sso/signout': ok(null),
    ...overrides,
  };
}

export interface Mounted {
  element: HTMLElement;
  root: ShadowRoot;
  remove(): void;
}

/** Mounts <app-center> against the scripted API, for the host exeed.localhost unless told otherwise. */
export function mountAppCenter(attributes: Record<string, string> = {}, options: { ssoDomain?: boolean } = {}): Mounted {
  const element = document.createElement('app-center');
  element.setAttribute('api-base', SCRIPTED_BASE);
  if (options.ssoDomain !== false) element.setAttribute('sso-domain', 'exeed.localhost');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  const root = element.shadowRoot;
  if (!root) throw new Error('<app-center> has no open shadow root');
  return { element, root, remove: () => element.remove() };
}

export function cards(root: ShadowRoot): HTMLButtonElement[] {
  return Array.from(root.querySelectorAll<HTMLButtonElement>('button.card'));
}

export async function waitForCards(root: ShadowRoot, count?: number): Promise<HTMLButtonElement[]> {
  return waitFor(() => {
    const found = cards(root);
    return (count === undefined ? found.length > 0 : found.length === count) ? found : null;
  });
}

/** Recorder for window.open: the element must open apps in a new window, not navigate this one. */
export function recordWindowOpen(): { opened: Array<[string, string, string]>; restore(): void } {
  const realOpen = window.open;
  const opened: Array<[string, string, string]> = [];
  window.open = ((url?: string | URL, target?: string, features?: string) => {
    opened.push([String(url), target ?? '', features ?? '']);
    return null;
  }) as typeof window.open;
  return { opened, restore: () => (window.open = realOpen) };
}

export function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
