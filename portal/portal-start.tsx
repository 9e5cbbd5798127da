// The portal's start, imported by the entry (main.ts) once the login form the server sent has had
// its frame (or at once on a page sent without one). Nothing here imports React statically. The
// login page's HTML already holds the <sso-login> with its form (docs/performance.md, "The login
// form in the first HTML"): server-element.ts keeps it for a login address and takes its form over
// (or removes it elsewhere); the widget's loader leaves it alone. Without one (a path the server sent
// without it) the element for the address is made here and the loader draws the form into it.
// The host page's React part (portal-app.tsx) follows and keeps that element. /admin is the
// operator console: no element there, only the console's own chunk (portal/admin/), which the
// login page and /home never load.
import { serverElement } from './server-element.ts';
import '../widget/index.ts';
import { isAccountPath, isConsolePath, routeOf } from './routes.ts';
import { ROUTE_TITLES } from './portal.messages.ts';
import { createWidgetElement, widgetFor } from './widget-element.ts';
// portal.css: in the page's one inline <style>, with the first paint's look (vite.config.ts).

const view = document.getElementById('portal');
if (view && isConsolePath(window.location.pathname)) {
  void import('./admin/console-main.tsx').then(({ mountConsole }) => mountConsole(view));
} else if (view && isAccountPath(window.location.pathname)) {
  void import('./account/account-main.tsx').then(({ mountAccount }) => mountAccount(view));
} else if (view) {
  document.title = ROUTE_TITLES[routeOf(window.location.pathname)];
  const first = serverElement ?? createWidgetElement(widgetFor(window.location.pathname, window.location.search));
  if (!first.isConnected) view.append(first);
  void import('./portal-app.tsx').then(({ mountPortal }) => mountPortal(view, first));
}
