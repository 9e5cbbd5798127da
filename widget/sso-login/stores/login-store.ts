// State and actions of one <sso-login> instance. Components render these atoms and call these
// actions; nothing here knows about React.
import { atom, type WritableAtom } from 'nanostores';
import { ApiCallError, type ApiClient } from '../../core/request.ts';
import type { NoticeCenter } from '../../core/notices.ts';
import { reportQuietError } from '../../core/api-error.ts';
import { emit } from '../../core/events.ts';
import { navigate } from '../../core/navigate.ts';
import { createPasswordEncryptor } from '../../core/sm2.ts';
import { DEFAULT_ERROR } from '../../core/messages.ts';
import type { LoginParams } from './login-params.ts';
import { emptyClientGroup, normalizeClientGroup, type ClientGroup } from './client-group.ts';
import { storeQrChoice } from './qr-choice.ts';
import { allowedOrigins, isAllowedTarget } from './redirect-target.ts';
import { createCountdown, type Countdown } from './countdown.ts';

export type LoginView = 'password' | 'wecom' | 'feishu' | 'mobile' | 'register' | 'logout' | 'redirect';
export type BusyKey = 'password' | 'mobile' | 'mobileCode' | 'register' | 'registerCode' | 'changePassword' | 'signOut';
export type FieldErrors = Partial<Record<string, string>>;

export interface ChangePasswordRequest {
  username: string;
  reason: 'AU00153' | 'AU00154';
}

export interface RedirectState {
  status: 'working' | 'failed';
  message: string;
}

export interface LoginStoreDeps {
  params: LoginParams;
  client: ApiClient;
  notices: NoticeCenter;
  /** The element that dispatches the events (the custom element host). */
  host: () => EventTarget | null;
}

export interface LoginContext extends LoginStoreDeps {
  $view: WritableAtom<LoginView>;
  $group: WritableAtom<ClientGroup>;
  $groupLoaded: WritableAtom<boolean>;
  $busy: WritableAtom<Partial<Record<BusyKey, boolean>>>;
  $username: WritableAtom<string>;
  $changePassword: WritableAtom<ChangePasswordRequest | null>;
  $redirect: WritableAtom<RedirectState | null>;
  mobileCountdown: Countdown;
  registerCountdown: Countdown;
  encryptPassword(plain: string): Promise<string>;
  /** Runs `task` unless `key` is already running: a waiting button cannot be pressed twice. */
  guard<T>(key: BusyKey, task: () => Promise<T>): Promise<T | undefined>;
  succeed(data: { redirect?: unknown; username?: unknown } | null | undefined): void;
  failed(error: unknown): ApiCallError;
  loginExtras(): Record<string, string | undefined>;
}

export function createLoginContext(deps: LoginStoreDeps): LoginContext {
  const $busy = atom<Partial<Record<BusyKey, boolean>>>({});
  const $group = atom<ClientGroup>(emptyClientGroup());
  const context: LoginContext = {
    ...deps,
    $view: atom<LoginView>(deps.params.isRedirectSelf ? 'redirect' : deps.params.isSignout ? 'logout' : 'password'),
    $group,
    $groupLoaded: atom(false),
    $busy,
    $username: atom(''),
    $changePassword: atom<ChangePasswordRequest | null>(null),
    $redirect: atom<RedirectState | null>(null),
    mobileCountdown: createCountdown(),
    registerCountdown: createCountdown(),
    encryptPassword: createPasswordEncryptor(deps.client),
    async guard(key, task) {
      if ($busy.get()[key]) return undefined;
      $busy.set({ ...$busy.get(), [key]: true });
      try {
        return await task();
      } finally {
        $busy.set({ ...$busy.get(), [key]: false });
      }
    },
    succeed(data) {
      const username = typeof data?.username === 'string' ? data.username : undefined;
      const candidate = typeof data?.redirect === 'string' && data.redirect ? data.redirect : '/home';
      const allowed = allowedOrigins($group.get(), deps.params.apiBase);
      const redirect = isAllowedTarget(candidate, allowed) ? candidate : '/home';
      const host = deps.host();
      const proceed = host
        ? emit(host, 'sso-login-success', { redirect, ...(username ? { username } : {}) }, { cancelable: true })
        : true;
      if (proceed) navigate(redirect);
    },
    failed(error) {
      const apiError = error instanceof ApiCallError ? error : new ApiCallError(DEFAULT_ERROR, 0, 'CLIENT');
      const host = deps.host();
      if (host) emit(host, 'sso-login-error', { code: apiError.errorCode ?? apiError.code, msg: apiError.message });
      return apiError;
    },
    loginExtras() {
      const { params } = deps;
      return {
        clientId: params.clientId ?? undefined,
        callBack: params.callBack ?? undefined,
        from: params.from ?? undefined,
        ssoDomain: params.ssoDomain,
        view: params.view,
      };
    },
  };
  return context;
}

/** Shows a toast for a failure the request client left to us (quiet calls), then reports it. */
export function reportFailure(context: LoginContext, error: unknown): ApiCallError {
  const apiError = context.failed(error);
  reportQuietError(context.notices, apiError);
  return apiError;
}

export async function loadClientGroup(context: LoginContext): Promise<ClientGroup> {
  try {
    const raw = await context.client.get<unknown>('/centerAuth/clientGroup/detailGetBySsoDomain', {
      params: { ssoDomain: context.params.ssoDomain },
      quiet: true,
    });
    context.$group.set(normalizeClientGroup(raw));
  } catch {
    // Without a group the page still works: default brand, password, mobile and register.
    context.$group.set(emptyClientGroup());
  }
  context.$groupLoaded.set(true);
  return context.$group.get();
}

export function setView(context: LoginContext, view: LoginView): void {
  if (view === 'wecom' || view === 'feishu') storeQrChoice(view);
  context.$view.set(view);
}
