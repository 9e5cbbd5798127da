// The login page's inputs (spec section 2 "Query parameters"): an attribute wins, else the page's
// query string, else the default.
import { isFlagSet } from '../../../contract/rules/portal-pages.ts';
import { defaultApiBase } from '../../core/script-origin.ts';

export type LoginTypeParam = 'wecom' | 'feishu';

export interface LoginElementProps {
  brand?: string;
  apiBase?: string;
  ssoDomain?: string;
  view?: string;
  isSignout?: string;
  isRedirectSelf?: string;
  callBack?: string;
  code?: string;
  loginType?: string;
  clientId?: string;
  from?: string;
}

export interface LoginParams {
  brand: string | null;
  apiBase: string;
  ssoDomain: string;
  /** The spec's view parameter (default odin): the platform the page is shown for, sent on as-is. */
  view: string;
  isSignout: boolean;
  isRedirectSelf: boolean;
  callBack: string | null;
  code: string | null;
  loginType: string | null;
  /** The OAuth state the messenger hands back on the return URL (query only, never an attribute). */
  state: string | null;
  clientId: string | null;
  from: string | null;
}

/** "Set and not 0" (spec): one reading for the element and the server (contract/rules/portal-pages.ts). */
export { isFlagSet };

function pick(attribute: string | undefined, query: URLSearchParams, name: string): string | null {
  if (attribute !== undefined && attribute !== null && attribute !== '') return attribute;
  const fromQuery = query.get(name);
  return fromQuery === null || fromQuery === '' ? null : fromQuery;
}

export function resolveLoginParams(props: LoginElementProps, pageUrl: string = window.location.href): LoginParams {
  const url = new URL(pageUrl);
  const query = url.searchParams;
  return {
    brand: props.brand ? props.brand : null,
    apiBase: props.apiBase ? props.apiBase : defaultApiBase(pageUrl),
    ssoDomain: props.ssoDomain ? props.ssoDomain : url.hostname,
    view: pick(props.view, query, 'view') ?? 'odin',
    isSignout: isFlagSet(pick(props.isSignout, query, 'is_signout')),
    isRedirectSelf: isFlagSet(pick(props.isRedirectSelf, query, 'is_redirect_self')),
    callBack: pick(props.callBack, query, 'callBack'),
    code: pick(props.code, query, 'code'),
    loginType: pick(props.loginType, query, 'login_type'),
    state: pick(undefined, query, 'state'),
    clientId: pick(props.clientId, query, 'clientId'),
    from: pick(props.from, query, 'from'),
  };
}
