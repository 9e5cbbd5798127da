// The <sso-login> the server sent in the login page's first HTML, with its form (the loader's first
// paint written out at build time, widget/sso-login/first-paint/first-paint-html.ts). Imported by
// main.tsx before the widget's loader, so that the element has the attributes of the address (the
// brand of ?brand=) when the loader takes its form over and reads them. Where the address shows no
// login element (/home, /admin, /account: the server sends them the page without it, shell.html;
// the dev server sends every path the same page) the element goes before anything else runs.
import { isAccountPath, isConsolePath } from './routes.ts';
import { widgetFor } from './widget-element.ts';

function claim(): HTMLElement | null {
  const sent = document.querySelector<HTMLElement>('#portal > sso-login');
  if (!sent) return null;
  const { pathname, search } = window.location;
  const spec = widgetFor(pathname, search);
  if (isConsolePath(pathname) || isAccountPath(pathname) || spec.tag !== 'sso-login') {
    sent.remove();
    return null;
  }
  for (const [name, value] of Object.entries(spec.attributes)) {
    if (value !== undefined) sent.setAttribute(name, value);
  }
  return sent;
}

/** The server-sent element, kept for the address's login view; null when there was none or it went. */
export const serverElement = claim();
