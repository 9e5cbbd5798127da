// The API paths an embedded <sso-login> (and the <app-center> beside it) calls from a brand site.
// Only these answer a registered brand origin with credentialed CORS and take the Origin-bound XSRF
// token; every other path (/api/console/*, /api/account/*, the passkey list, …) refuses any foreign
// Origin, registered or not. A brand site on the same site as the SSO (www.example.com beside
// sso.example.com) sends the SameSite cookies, so CORS on the whole API would hand it the console
// and the account page. Listed from the contract, so a renamed path stays covered.
import { endpoints, type EndpointName } from '../../contract/endpoints/index.ts';

/** The endpoints the login widget and the app centre call (widget/sso-login, widget/app-center). */
const EMBEDDED_ENDPOINTS: readonly EndpointName[] = [
  'getPublicKey', 'doLogin', 'weComLoginByCode', 'feishuLoginByCode', 'isLogin', 'signOut', 'currentUser',
  'changePassword', 'sendLoginSms', 'sendResetSms', 'resetPassword',
  'sendRegisterSms', 'userDetails', 'registerUser',
  'groupDetail', 'groupList', 'appList',
  'verifySecondFactor', 'startSignInEnrolment', 'confirmSignInEnrolment',
  'passkeySignInOptions', 'passkeySignIn',
];

/** "/centerAuth/x/:phone" → a whole-path pattern; ":name" stands for one path segment. */
function pathPattern(path: string): RegExp {
  const escaped = path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/api${escaped.join('/')}$`);
}

const EXACT = new Set<string>();
const PATTERNS: RegExp[] = [];
for (const name of EMBEDDED_ENDPOINTS) {
  const { path } = endpoints[name];
  if (path.includes(':')) PATTERNS.push(pathPattern(path));
  else EXACT.add(`/api${path}`);
}

/** True when a cross-origin call to this URL (query included or not) may be answered with CORS. */
export function isEmbeddedPath(url: string): boolean {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  return EXACT.has(path) || PATTERNS.some((pattern) => pattern.test(path));
}
