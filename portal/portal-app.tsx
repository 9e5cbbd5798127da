// The portal: a thin host page. It keeps the element for the path in the page's <main> and follows
// the elements' events without reloading: a successful sign-in that lands on /home replaces the
// login entry in the history (so Back leaves the portal instead of landing on the login page, which
// would send a signed-in user straight back to /home), and exit pushes the login page at /. A
// sign-in that finishes before this part has loaded navigates by itself, as on a brand site.
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { inPagePath, routeOf } from './routes.ts';
import { ROUTE_TITLES } from './portal.messages.ts';
import { useHostedElement } from './element-host.tsx';
import { widgetFor } from './widget-element.ts';

function currentPath(): string {
  return window.location.pathname;
}

interface PortalAppProps {
  /** The page's <main> (index.html): the one main landmark, around whichever element the path shows. */
  view: HTMLElement;
  /** The element portal-start.tsx put there for the first address, before React ran. */
  first: HTMLElement | null;
}

export function PortalApp({ view, first }: PortalAppProps) {
  const [path, setPath] = useState(currentPath);
  const route = routeOf(path);
  const viewRef = useRef(view);

  useEffect(() => {
    const go = (to: string, how: 'push' | 'replace') => {
      if (how === 'push') window.history.pushState(null, '', to);
      else window.history.replaceState(null, '', to);
      setPath(currentPath());
      window.scrollTo(0, 0);
    };
    const onPopState = () => setPath(currentPath());
    const onLoginSuccess = (event: CustomEvent<{ redirect: string }>) => {
      const to = inPagePath(event.detail.redirect);
      if (to === null) return; // a validated callBack elsewhere: the element navigates itself
      event.preventDefault();
      go(to, 'replace');
    };
    const onExit = (event: CustomEvent<{ redirect: string }>) => {
      const target = new URL(event.detail.redirect, window.location.href);
      if (target.origin !== window.location.origin) return;
      // A server page (the SAML front-channel logout chain, /saml/slo/front) is loaded, not routed.
      if (target.pathname.startsWith('/saml/')) return;
      event.preventDefault();
      go('/', 'push');
    };
    window.addEventListener('popstate', onPopState);
    document.addEventListener('sso-login-success', onLoginSuccess);
    document.addEventListener('app-center-exit', onExit);
    return () => {
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('sso-login-success', onLoginSuccess);
      document.removeEventListener('app-center-exit', onExit);
    };
  }, []);

  useEffect(() => {
    document.title = ROUTE_TITLES[route];
  }, [route]);

  // A fresh element per visit, so /home always loads current data after a sign-in.
  useHostedElement(viewRef, { ...widgetFor(path, window.location.search), generation: path, initial: first });
  return null;
}

/**
 * Starts the host page on `view`. React renders no markup of its own here (its root is a detached
 * node): the page's markup is static so that the first element is on it, its login form drawn,
 * before React is even evaluated (portal-start.tsx).
 */
export function mountPortal(view: HTMLElement, first: HTMLElement | null): void {
  createRoot(document.createElement('div')).render(<PortalApp view={view} first={first} />);
}
