// State of one <sso-login> instance and the actions every view shares. Components render these
// atoms and call the exported functions; nothing here knows about React.
import { atom, type WritableAtom } from 'nanostores';
import { ApiCallError, type ApiClient } from '../../core/request.ts';
import type { NoticeCenter } from '../../core/notices.ts';
import { reportQuietError } from '../../core/api-error.ts';
import { emit } from '../../core/events.ts';
import { createPasswordEncryptor } from '../../core/sm2.ts';
import { DEFAULT_ERROR } from '../../core/messages.ts';
import type { PasswordAgedDetail } from '../../../contract/endpoints/auth.ts';
import { SMS_COOLDOWN_DEFAULT_SECONDS } from '../../../contract/rules/sms-code.ts';
import type { LoginParams } from './login-params.ts';
import { emptyClientGroup, normalizeClientGroup, type ClientGroup } from '../shared/client-group.ts';
import { storeQrChoice } from '../qr/qr-store.ts';
import { brandCacheKey, groupOfLook, lookOfGroup, readCachedLook, storeLook } from '../brand/brand-look.ts';
import { createCountdown, type Countdown } from '../shared/countdown.ts';
import type { SecondFactorState } from '../second-factor/second-factor-state.ts';
import * as RefusalCode from '../../../contract/refusal-codes.ts';

export type LoginView = 'password' | 'wecom' | 'feishu' | 'mobile' | 'register' | 'logout' | 'redirect' | 'forgot' | 'second-factor';
export type BusyKey =
  | 'password' | 'mobile' | 'mobileCode' | 'register' | 'registerCode' | 'changePassword' | 'signOut'
  | 'resetCode' | 'reset' | 'postpone' | 'secondFactor' | 'passkey';
export type FieldErrors = Partial<Record<string, string>>;

export interface ChangePasswordRequest {
  username: string;
  reason: typeof RefusalCode.passwordExpired | typeof RefusalCode.firstLogin;
  /** AU00153's explanation from the server: the password's age and until when the change can wait. */
  aged?: PasswordAgedDetail;
  /** 稍后修改: signs in with the same credentials, asking the server to postpone (AU00153 in grace only). */
  postpone?: () => Promise<void>;
  /** After a sign-in that proved a second factor: its one-time proof for the change (password-store.ts, askToChangeAfterFactor). */
  changeTicket?: string;
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
  /** Refusal.notSetUp's text while the instance has no administrator yet (AU00500); '' otherwise. */
  $notSetUp: WritableAtom<string>;
  /** The brand's look was in the cache: $group holds it from the first render (brand-look.ts). */
  lookCached: boolean;
  $busy: WritableAtom<Partial<Record<BusyKey, boolean>>>;
  $username: WritableAtom<string>;
  $changePassword: WritableAtom<ChangePasswordRequest | null>;
  $redirect: WritableAtom<RedirectState | null>;
  /** Counts successful password changes: the password form then empties its password field. */
  $passwordChanges: WritableAtom<number>;
  /** The sign-out call of the logout view: running, done, or failed (the view's texts follow it). */
  /** The logout view: 'ready' until its button is pressed (nothing signs out on load). */
  $signOut: WritableAtom<'ready' | 'done' | 'failed'>;
  /** The second step after a right password (AU00170 / AU00175): second-factor/. */
  $secondFactor: WritableAtom<SecondFactorState | null>;
  /** The server's SMS resend cooldown in seconds (the group config says it): the send buttons count it down. */
  $smsCooldown: WritableAtom<number>;
  mobileCountdown: Countdown;
  registerCountdown: Countdown;
  resetCountdown: Countdown;
  encryptPassword(plain: string): Promise<string>;
}

export function createLoginContext(deps: LoginStoreDeps): LoginContext {
  const cached = readCachedLook(brandCacheKey(deps.params.ssoDomain, deps.params.brand));
  return {
    ...deps,
    $view: atom<LoginView>(deps.params.isRedirectSelf ? 'redirect' : deps.params.isSignout ? 'logout' : 'password'),
    $group: atom<ClientGroup>(cached ? groupOfLook(cached) : emptyClientGroup()),
    $groupLoaded: atom(false),
    $notSetUp: atom(''),
    lookCached: cached !== null,
    $busy: atom<Partial<Record<BusyKey, boolean>>>({}),
    $username: atom(''),
    $changePassword: atom<ChangePasswordRequest | null>(null),
    $redirect: atom<RedirectState | null>(null),
    $passwordChanges: atom(0),
    $signOut: atom<'ready' | 'done' | 'failed'>('ready'),
    $secondFactor: atom<SecondFactorState | null>(null),
    $smsCooldown: atom(SMS_COOLDOWN_DEFAULT_SECONDS),
    mobileCountdown: createCountdown(),
    registerCountdown: createCountdown(),
    resetCountdown: createCountdown(),
    encryptPassword: createPasswordEncryptor(deps.client),
  };
}

/** Runs `task` unless `key` is already running: a waiting button cannot be pressed twice. */
export async function guarded<T>(context: LoginContext, key: BusyKey, task: () => Promise<T>): Promise<T | undefined> {
  const { $busy } = context;
  if ($busy.get()[key]) return undefined;
  $busy.set({ ...$busy.get(), [key]: true });
  try {
    return await task();
  } finally {
    $busy.set({ ...$busy.get(), [key]: false });
  }
}

/** Emits sso-login-error for a failed call and returns it as an ApiCallError. */
export function emitLoginError(context: LoginContext, error: unknown): ApiCallError {
  const apiError = error instanceof ApiCallError ? error : new ApiCallError(DEFAULT_ERROR, 0, 'CLIENT');
  const host = context.host();
  if (host) emit(host, 'sso-login-error', { code: apiError.errorCode ?? apiError.code, msg: apiError.message });
  return apiError;
}

/** The page's own parameters every sign-in call carries along. */
export function loginExtras(context: LoginContext): Record<string, string | undefined> {
  const { params } = context;
  return {
    clientId: params.clientId ?? undefined,
    callBack: params.callBack ?? undefined,
    from: params.from ?? undefined,
    ssoDomain: params.ssoDomain,
    view: params.view,
  };
}

/** Shows a toast for a failure the request client left to us (quiet calls), then reports it. */
export function reportFailure(context: LoginContext, error: unknown): ApiCallError {
  const apiError = emitLoginError(context, error);
  reportQuietError(context.notices, apiError);
  return apiError;
}

export async function loadClientGroup(context: LoginContext): Promise<ClientGroup> {
  try {
    const raw = await context.client.get('/centerAuth/clientGroup/detailGetBySsoDomain', {
      params: { ssoDomain: context.params.ssoDomain },
      quiet: true,
    });
    const group = normalizeClientGroup(raw);
    const cooldown = (raw as { smsCooldownSeconds?: unknown } | null)?.smsCooldownSeconds;
    if (typeof cooldown === 'number' && cooldown >= 0) context.$smsCooldown.set(cooldown);
    context.$group.set(group);
    storeLook(brandCacheKey(context.params.ssoDomain, context.params.brand), lookOfGroup(group));
  } catch (error) {
    // A fresh instance refuses every sign-in until its first administrator exists: say so in the box.
    if ((error as ApiCallError).code === RefusalCode.notSetUp) context.$notSetUp.set((error as ApiCallError).message);
    // Without a group the page still works: password, mobile and register, in the look last seen
    // here (the cached one, already in $group) or else the default brand.
    if (!context.lookCached) context.$group.set(emptyClientGroup());
  }
  context.$groupLoaded.set(true);
  return context.$group.get();
}

export function setView(context: LoginContext, view: LoginView): void {
  if (view === 'wecom' || view === 'feishu') storeQrChoice(view);
  context.$view.set(view);
}
