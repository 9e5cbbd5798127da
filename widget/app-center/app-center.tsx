// <app-center>: the application centre. Loads the user, the client groups and the apps of the
// host's group, shows them as a searchable grid of cards, and opens an app in a new window.
import { useEffect, useMemo, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { createApiClient } from '../core/request.ts';
import { createNoticeCenter } from '../core/notices.ts';
import { NoticeLayer } from '../core/notice-layer.tsx';
import { navigate } from '../core/navigate.ts';
import { emit } from '../core/events.ts';
import type { ElementContainerProps } from '../core/define-element.ts';
import { getBrand } from '../brands/index.ts';
import { defaultApiBase } from '../core/script-origin.ts';
import {
  LOGIN_ROUTE, createAppCenterStore, disposeAppCenter, loadAppCenter, setAppQuery, signOutOfAppCenter,
} from './stores/app-center-store.ts';
import type { AppEntry, ClientGroupSummary } from './stores/app-center-types.ts';
import { withHttpScheme } from './app-url.ts';
import { appCenterMessages as m } from './app-center.messages.ts';
import { TopBar } from './top-bar.tsx';
import { AppCatalogue } from './app-catalogue.tsx';

export interface AppCenterProps extends ElementContainerProps {
  /** Base of the API (attribute api-base); default as <sso-login>: /api, or the API of the server the script came from. */
  apiBase?: string;
  /** Host name the server picks the client group by (attribute sso-domain), default the page's. */
  ssoDomain?: string;
  /** Brand code overriding the look of the group (attribute brand). */
  brand?: string;
}

export function AppCenter({ apiBase, ssoDomain, brand, container }: AppCenterProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const notices = useMemo(() => createNoticeCenter(), []);
  const store = useMemo(() => {
    const base = apiBase || defaultApiBase();
    return createAppCenterStore({
      api: createApiClient({ apiBase: base, notices }),
      notices,
      ssoDomain: ssoDomain || window.location.hostname,
      apiBase: base,
      requireSignIn: (loginUrl) => signIn(loginUrl),
    });
  }, [apiBase, ssoDomain, notices]);

  useEffect(() => {
    void loadAppCenter(store);
    return () => disposeAppCenter(store);
  }, [store]);

  const status = useStore(store.$status);
  const user = useStore(store.$user);
  const currentGroup = useStore(store.$currentGroup);
  const groupName = useStore(store.$currentGroupName);
  const otherGroups = useStore(store.$otherGroups);
  const apps = useStore(store.$apps);
  const visibleApps = useStore(store.$visibleApps);
  const query = useStore(store.$query);
  const signingOut = useStore(store.$signingOut);

  const Logo = getBrand(brand || currentGroup?.code).Logo;
  /** Events come from the custom element itself (or the root div when used as a plain component). */
  const eventTarget = (): EventTarget => (container?.host as EventTarget | undefined) ?? rootRef.current ?? document;

  /** Nobody signed in (on load, or 去登录): to the login page, unless the page takes over. */
  const signIn = (loginUrl: string = LOGIN_ROUTE) => {
    if (emit(eventTarget(), 'app-center-sign-in', { redirect: loginUrl }, { cancelable: true })) navigate(loginUrl);
  };

  const openApp = (app: AppEntry) => {
    if (!app.autoLoginUrl?.trim()) {
      notices.toast('warning', m.noAddress(app.name));
      return;
    }
    const url = withHttpScheme(app.autoLoginUrl);
    const proceed = emit(eventTarget(), 'app-center-open', { name: app.name, url }, { cancelable: true });
    // noopener: the launched app must not be able to steer the portal window (reverse tabnabbing).
    if (proceed) window.open(url, '_blank', 'noopener');
  };

  const chooseGroup = (group: ClientGroupSummary) => {
    navigate(withHttpScheme(group.domainUrl));
  };

  /** Leaves for the site's start page even when sign-out failed (its error toast is shown). */
  const exit = async () => {
    if ((await signOutOfAppCenter(store)) === null) return;
    // Apps only the browser can sign out (SAML front channel) first: that chain ends on the signed-out page.
    const redirect = store.logoutChain ?? `${window.location.origin}/`;
    if (emit(eventTarget(), 'app-center-exit', { redirect }, { cancelable: true })) navigate(redirect);
  };

  return (
    <div className="app-center" part="base" ref={rootRef}>
      <TopBar
        Logo={Logo}
        groupName={groupName}
        otherGroups={otherGroups}
        onChooseGroup={chooseGroup}
        username={user?.username ?? ''}
        exiting={signingOut}
        onExit={() => void exit()}
      />
      <AppCatalogue
        status={status}
        apps={apps}
        visibleApps={visibleApps}
        query={query}
        onQueryChange={(next) => setAppQuery(store, next)}
        onOpen={openApp}
        onRetry={() => void loadAppCenter(store)}
        onSignIn={() => signIn()}
        otherGroups={otherGroups}
        onChooseGroup={chooseGroup}
      />
      <NoticeLayer center={notices} />
    </div>
  );
}
