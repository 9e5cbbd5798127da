// Portal entry. Nothing here imports React statically: the element for the address goes on the
// page first, and the widget's loader draws the login form into it at once (the first paint
// before React, docs/performance.md), so the portal's form takes typing as soon as a brand page's.
// The host page's React part (portal-app.tsx) follows and keeps that element. /admin is the
// operator console: no element there, only the console's own chunk (portal/admin/), which the
// login page and /home never load.
import '../widget/index.ts';
import { isAccountPath, isConsolePath, ROUTE_TITLES, routeOf } from './routes.ts';
import { createWidgetElement, widgetFor } from './widget-element.ts';
import './portal.css';

const view = document.getElementById('portal');
if (view && isConsolePath(window.location.pathname)) {
  void import('./admin/console-main.tsx').then(({ mountConsole }) => mountConsole(view));
} else if (view && isAccountPath(window.location.pathname)) {
  void import('./account/account-main.tsx').then(({ mountAccount }) => mountAccount(view));
} else if (view) {
  document.title = ROUTE_TITLES[routeOf(window.location.pathname)];
  const first = createWidgetElement(widgetFor(window.location.pathname, window.location.search));
  view.append(first);
  void import('./portal-app.tsx').then(({ mountPortal }) => mountPortal(view, first));
}
