// The portal page's own texts: the document title of each route (the elements bring their own).
import type { PortalRoute } from '../contract/rules/portal-pages.ts';

export const ROUTE_TITLES: Record<PortalRoute, string> = {
  login: '统一登录',
  home: '应用中心',
};
