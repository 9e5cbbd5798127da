// State and actions of one <app-center> instance. Each element creates its own store (two
// elements on a page never share a session view), components only render what is here.
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

/** The login route of the spec: not defined by the portal, so it falls through to the login page. */
export const LOGIN_ROUTE = '/login';
export const NOT_LOGGED_IN = 'AU00300';

export interface AppCenterStoreOptions {
  api: ApiClient;
  notices: NoticeCenter;
  ssoDomain: string;
  /** The API's base: root-relative app logos ("/assets/...") belong to that server (embedded element). */
  apiBase?: string;
  /** Leaves the page (core/navigate in the element, a recorder in tests). */
  navigate: (url: string) => void;
}

export type AppCenterStore = ReturnType<typeof createAppCenterStore>;

function isNotLoggedIn(error: unknown): boolean {
  return error instanceof ApiCallError && (error.code === NOT_LOGGED_IN || error.errorCode === NOT_LOGGED_IN);
}

export function createAppCenterStore({ api, notices, ssoDomain, apiBase, navigate }: AppCenterStoreOptions) {
  const $status = atom<AppCenterStatus>('idle');
  const $user = atom<CurrentUser | null>(null);
  const $groups = atom<ClientGroupSummary[]>([]);
  const $currentGroup = atom<CurrentGroup | null>(null);
  const $apps = atom<AppEntry[]>([]);
  const $query = atom('');
  const $signingOut = atom(false);

  const $visibleApps = computed([$apps, $query], (apps, query) => filterApps(apps, query));
  const $otherGroups = computed([$groups, $currentGroup], (groups, current) =>
    groups.filter((group) => group.code !== current?.code),
  );
  /** The name on the dropdown: the group the host belongs to, as the server names it. */
  const $currentGroupName = computed([$groups, $currentGroup], (groups, current) => {
    if (!current) return '';
    return current.name || groups.find((group) => group.code === current.code)?.name || current.code;
  });

  let loadRun = 0;

  /**
   * curLogin/info first: when it answers AU00300 the user is sent to /login and nothing else is
   * asked (otherwise every following call would toast the same refusal). Then the group list, the
   * apps and the current group's detail in parallel.
   */
  async function load(): Promise<void> {
    const run = ++loadRun;
    $status.set('loading');
    try {
      const user = await api.get<CurrentUser>('/centerAuth/user/curLogin/info', { quiet: true });
      if (run !== loadRun) return;
      $user.set(user);
    } catch (error) {
      if (run !== loadRun) return;
      $status.set('failed');
      if (isNotLoggedIn(error)) navigate(LOGIN_ROUTE);
      else reportQuietError(notices, error);
      return;
    }
    try {
      // Quiet: when several fail together the user gets one message, not three.
      const params = { ssoDomain };
      const [groups, apps, detail] = await Promise.all([
        api.get<ClientGroupSummary[] | null>('/centerAuth/clientGroup/getClientGroupList', { quiet: true }),
        api.get<AppEntry[] | null>('/centerAuth/client/getClientListBySsoDomain', { params, quiet: true }),
        api.get<CurrentGroup | null>('/centerAuth/clientGroup/detailGetBySsoDomain', { params, quiet: true }),
      ]);
      if (run !== loadRun) return;
      $groups.set(groups ?? []);
      $apps.set((apps ?? []).map((app) => (apiBase && app.logo ? { ...app, logo: resolveAgainstApi(app.logo, apiBase) } : app)));
      $currentGroup.set(detail ? { code: detail.code, name: detail.name } : null);
      $status.set('ready');
    } catch (error) {
      if (run !== loadRun) return;
      $status.set('failed');
      if (isNotLoggedIn(error)) navigate(LOGIN_ROUTE);
      else reportQuietError(notices, error);
    }
  }

  /**
   * GET signout. Resolves 'signed-out', or 'failed' (the request client has shown why): the user
   * leaves in both cases, an exit button that does nothing would leave them stuck on the page.
   * Resolves null while a sign-out is already running.
   */
  async function signOut(): Promise<'signed-out' | 'failed' | null> {
    if ($signingOut.get()) return null;
    $signingOut.set(true);
    try {
      await api.get<null>('/centerAuth/sso/signout');
      return 'signed-out';
    } catch {
      return 'failed';
    } finally {
      $signingOut.set(false);
    }
  }

  function setQuery(query: string): void {
    $query.set(query);
  }

  /** Stops a load in flight from writing into an element that is gone. */
  function dispose(): void {
    loadRun++;
  }

  return {
    $status,
    $user,
    $groups,
    $currentGroup,
    $currentGroupName,
    $otherGroups,
    $apps,
    $query,
    $visibleApps,
    $signingOut,
    load,
    signOut,
    setQuery,
    dispose,
  };
}
