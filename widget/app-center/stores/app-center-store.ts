// State of one <app-center> instance, and its actions as plain functions taking the store. Each
// element creates its own store (two elements on a page never share a session view); components
// only render what is here.
import { atom, computed } from 'nanostores';
import { ApiCallError, type ApiClient } from '../../core/request.ts';
import type { NoticeCenter } from '../../core/notices.ts';
import { reportQuietError } from '../../core/api-error.ts';
import { resolveAgainstApi } from '../../core/api-origin.ts';
import { filterApps } from './app-filter.ts';
import type {
  AppCenterStatus,
  AppEntry,
  ClientGroupSummary,
  CurrentGroup,
  CurrentUser,
} from './app-center-types.ts';
import * as RefusalCode from '../../../contract/refusal-codes.ts';

/** The login route of the spec: not defined by the portal, so it falls through to the login page. */
export const LOGIN_ROUTE = '/login';
export const NOT_LOGGED_IN = RefusalCode.notLoggedIn;
/** The app list of a group the account is not a member of (contract/errors.ts notGroupMember). */
export const NOT_GROUP_MEMBER = RefusalCode.notGroupMember;

export interface AppCenterStoreOptions {
  api: ApiClient;
  notices: NoticeCenter;
  ssoDomain: string;
  /** The API's base: root-relative app logos ("/assets/...") belong to that server (embedded element). */
  apiBase?: string;
  /**
   * Nobody is signed in: asks the page to go to the login route (the element emits the cancelable
   * app-center-sign-in and then navigates, unless the page took over).
   */
  requireSignIn: (loginUrl: string) => void;
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof ApiCallError && (error.code === code || error.errorCode === code);
}

function isNotLoggedIn(error: unknown): boolean {
  return hasCode(error, NOT_LOGGED_IN);
}

export function createAppCenterStore(options: AppCenterStoreOptions) {
  const $groups = atom<ClientGroupSummary[]>([]);
  const $currentGroup = atom<CurrentGroup | null>(null);
  const $apps = atom<AppEntry[]>([]);
  const $query = atom('');
  return {
    ...options,
    $status: atom<AppCenterStatus>('idle'),
    $user: atom<CurrentUser | null>(null),
    $groups,
    $currentGroup,
    $apps,
    $query,
    $signingOut: atom(false),
    $visibleApps: computed([$apps, $query], (apps, query) => filterApps(apps, query)),
    $otherGroups: computed([$groups, $currentGroup], (groups, current) =>
      groups.filter((group) => group.code !== current?.code),
    ),
    /** The name on the dropdown: the group the host belongs to, as the server names it. */
    $currentGroupName: computed([$groups, $currentGroup], (groups, current) => {
      if (!current) return '';
      return current.name || groups.find((group) => group.code === current.code)?.name || current.code;
    }),
    /** Counts loads: an answer from an older load (or after dispose) is dropped. */
    loadRun: 0,
    /** After sign-out: the portal page that signs out of apps only the browser can reach (SAML front channel), or null. */
    logoutChain: null as string | null,
  };
}

export type AppCenterStore = ReturnType<typeof createAppCenterStore>;

/**
 * Nobody signed in (AU00300): the element shows the sign-in invitation and asks the page to go to
 * /login (a page that stays, like the demo, shows an invitation, not 应用加载失败). Any other
 * failure: the quiet call's toast and the retry.
 */
function failLoad(store: AppCenterStore, error: unknown): void {
  if (isNotLoggedIn(error)) {
    store.$status.set('signed-out');
    store.requireSignIn(LOGIN_ROUTE);
  } else {
    store.$status.set('failed');
    reportQuietError(store.notices, error);
  }
}

/**
 * curLogin/info first: when it answers AU00300 the user is sent to /login and nothing else is
 * asked (otherwise every following call would toast the same refusal). Then the group list, the
 * apps and the current group's detail in parallel.
 */
export async function loadAppCenter(store: AppCenterStore): Promise<void> {
  const { api, ssoDomain, apiBase } = store;
  const run = ++store.loadRun;
  store.$status.set('loading');
  try {
    const user = await api.get('/centerAuth/user/curLogin/info', { quiet: true });
    if (run !== store.loadRun) return;
    store.$user.set(user);
  } catch (error) {
    if (run !== store.loadRun) return;
    failLoad(store, error);
    return;
  }
  try {
    // Quiet: when several fail together the user gets one message, not three.
    const params = { ssoDomain };
    const [groups, apps, detail] = await Promise.all([
      api.get('/centerAuth/clientGroup/getClientGroupList', { quiet: true }),
      // Not a member of this host's group: no apps here, but his own groups stay in the menu.
      api.get('/centerAuth/client/getClientListBySsoDomain', { params, quiet: true })
        .catch((error: unknown) => (hasCode(error, NOT_GROUP_MEMBER) ? 'not-member' as const : Promise.reject(error))),
      api.get('/centerAuth/clientGroup/detailGetBySsoDomain', { params, quiet: true }),
    ]);
    if (run !== store.loadRun) return;
    const notMember = apps === 'not-member';
    store.$groups.set(groups ?? []);
    store.$apps.set((notMember ? [] : apps ?? []).map((app) => (apiBase && app.logo ? { ...app, logo: resolveAgainstApi(app.logo, apiBase) } : app)));
    store.$currentGroup.set(detail ? { code: detail.code, name: detail.name } : null);
    store.$status.set(notMember ? 'not-member' : 'ready');
  } catch (error) {
    if (run !== store.loadRun) return;
    failLoad(store, error);
  }
}

/**
 * GET signout. Resolves 'signed-out', or 'failed' (the request client has shown why): the user
 * leaves in both cases, an exit button that does nothing would leave them stuck on the page.
 * Resolves null while a sign-out is already running.
 */
export async function signOutOfAppCenter(store: AppCenterStore): Promise<'signed-out' | 'failed' | null> {
  if (store.$signingOut.get()) return null;
  store.$signingOut.set(true);
  try {
    const answer = await store.api.get('/centerAuth/sso/signout');
    store.logoutChain = answer?.logoutChain ?? null;
    return 'signed-out';
  } catch {
    return 'failed';
  } finally {
    store.$signingOut.set(false);
  }
}

export function setAppQuery(store: AppCenterStore, query: string): void {
  store.$query.set(query);
}

/** Stops a load in flight from writing into an element that is gone. */
export function disposeAppCenter(store: AppCenterStore): void {
  store.loadRun++;
}
