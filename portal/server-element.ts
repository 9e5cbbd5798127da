// The <sso-login> the server sent in the login page's first HTML, with its form (the loader's first
// paint written out at build time, widget/sso-login/first-paint/first-paint-html.ts). The entry
// (portal-start.tsx) keeps it for a login address: it gets the attributes of the address (the brand of
// ?brand=), then its form is taken over (first-paint-adopt.ts: cached look, remembered submit).
// Where the address shows no login element (/home, /admin, /account: the server sends them the page
// without it, shell.html; the dev server sends every path the same page) the element goes. The
// widget's loader, whichever of the two runs first, leaves this element alone (it has a form).
import { adoptSentFirstPaint } from '../widget/sso-login/first-paint/first-paint-adopt.ts';
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
  adoptSentFirstPaint(sent);
  return sent;
}

/** The server-sent element, kept for the address's login view; null when there was none or it went. */
export const serverElement = claim();
