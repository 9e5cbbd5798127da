// Which widget element the portal shows for an address, and how one is made. No React here: the
// portal's start (portal-start.tsx) puts the first element on the page with it before React is evaluated.
import { routeOf } from './routes.ts';
import { loginElementAttributes } from './login-brand.ts';

export type WidgetTag = 'sso-login' | 'app-center';

export interface WidgetSpec {
  tag: WidgetTag;
  /** Attribute name -> value; undefined leaves the attribute out. */
  attributes: Record<string, string | undefined>;
}

/** <app-center> on /home; everywhere else <sso-login>, in the brand of the app that sent the browser here. */
export function widgetFor(pathname: string, search: string): WidgetSpec {
  return routeOf(pathname) === 'home'
    ? { tag: 'app-center', attributes: {} }
    : { tag: 'sso-login', attributes: loginElementAttributes(search) };
}

export function createWidgetElement({ tag, attributes }: WidgetSpec): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== undefined) element.setAttribute(name, value);
  }
  return element;
}
