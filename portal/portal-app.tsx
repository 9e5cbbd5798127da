// The portal: a thin host page. It picks the element for the path and follows the elements'
// events: a successful sign-in that lands on /home is shown without a reload (history.pushState),
// and leaving the application centre shows the login page again.
import { useEffect, useState } from 'react';
import { inPagePath, ROUTE_TITLES, routeOf } from './routes.ts';
import { ElementHost } from './element-host.tsx';

function currentPath(): string {
  return window.location.pathname;
}

export function PortalApp() {
  const [path, setPath] = useState(currentPath);
  const route = routeOf(path);

  useEffect(() => {
    const go = (to: string) => {
      window.history.pushState(null, '', to);
      setPath(currentPath());
      window.scrollTo(0, 0);
    };
    const onPopState = () => setPath(currentPath());
    const onLoginSuccess = (event: CustomEvent<{ redirect: string }>) => {
      const to = inPagePath(event.detail.redirect);
      if (to === null) return; // a validated callBack elsewhere: the element navigates itself
      event.preventDefault();
      go(to);
    };
    const onExit = (event: CustomEvent<{ redirect: string }>) => {
      if (new URL(event.detail.redirect, window.location.href).origin !== window.location.origin) return;
      event.preventDefault();
      go('/');
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
  return <ElementHost className="portal-view" tag={route === 'home' ? 'app-center' : 'sso-login'} generation={path} />;
}
