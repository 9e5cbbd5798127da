// State and actions of one <app-center> instance. Each element creates its own store (two
// elements on a page never share a session view), components only render what is here.
import { atom, computed } from 'nanostores';
import { ApiCallError, type ApiClient } from '../core/request.ts';
import type { NoticeCenter } from '../core/notices.ts';
import { DEFAULT_ERROR } from '../core/messages.ts';
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
  /** Leaves the page (core/navigate in the element, a recorder in tests). */
  navigate: (url: string) => void;
}

export type AppCenterStore = ReturnType<typeof createAppCenterStore>;

function isNotLoggedIn(error: unknown): boolean {
  return error instanceof ApiCallError && (error.code === NOT_LOGGED_IN || error.errorCode === NOT_LOGGED_IN);
}

export function createAppCenterStore({ api, notices, ssoDomain, navigate }: AppCenterStoreOptions) {
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
      else reportQuietError(error);
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
      $apps.set(apps ?? []);
      $currentGroup.set(detail ? { code: detail.code, name: detail.name } : null);
      $status.set('ready');
    } catch (error) {
      if (run !== loadRun) return;
      $status.set('failed');
      if (isNotLoggedIn(error)) navigate(LOGIN_ROUTE);
      else reportQuietError(error);
    }
  }

  /** A quiet call shows nothing itself except the catalogue's 423 and 424 handling; the rest is ours. */
  function reportQuietError(error: unknown): void {
    if (error instanceof ApiCallError) {
      if (error.status !== 423 && error.status !== 424) notices.toast('error', error.message);
    } else {
      notices.toast('error', DEFAULT_ERROR);
    }
  }

  /** GET signout. Resolves true when the session is gone and the user may leave. */
  async function signOut(): Promise<boolean> {
    if ($signingOut.get()) return false;
    $signingOut.set(true);
    try {
      await api.get<null>('/centerAuth/sso/signout');
      return true;
    } catch {
      return false;
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
