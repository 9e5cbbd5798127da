// The portal: a thin host page. It picks the element for the path and follows the elements'
// events without reloading: a successful sign-in that lands on /home replaces the login entry in
// the history (so Back leaves the portal instead of landing on the login page, which would send a
// signed-in user straight back to /home), and exit pushes the login page at /.
import { useEffect, useState } from 'react';
import { inPagePath, ROUTE_TITLES, routeOf } from './routes.ts';
import { ElementHost } from './element-host.tsx';
import { loginElementAttributes } from './login-brand.ts';

function currentPath(): string {
  return window.location.pathname;
}

export function PortalApp() {
  const [path, setPath] = useState(currentPath);
  const route = routeOf(path);

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
      if (new URL(event.detail.redirect, window.location.href).origin !== window.location.origin) return;
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
  return route === 'home'
    ? <ElementHost className="portal-view" tag="app-center" generation={path} />
    : <ElementHost className="portal-view" tag="sso-login" attributes={loginElementAttributes(window.location.search)} generation={path} />;
}
