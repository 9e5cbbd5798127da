// What a client's request code applies to a path, as plain data it can import without TypeBox (the
// widget imports the endpoint definitions as types only, so their schemas stay out of its bundle):
// which GET calls need the XSRF header, which call is signed. The types below tie each list to the
// definitions it restates: `npm run typecheck` fails unless they agree, so no test has to hold them
// together. The server registers its routes from the definitions (`config: { xsrf: endpoint.xsrf }`).
import type { endpoints } from './index.ts';
import type { tenantList } from './tenant.ts';

type Endpoints = typeof endpoints;
type XsrfGetPath = {
  [K in keyof Endpoints]: Endpoints[K] extends { method: 'GET'; xsrf: true; path: infer P extends string } ? P : never;
}[keyof Endpoints];

/**
 * The GET endpoints that change state: the XSRF double submit applies to them as to every POST.
 * Exactly the definitions marked `xsrf: true` (a `:name` segment is a path parameter).
 */
export const XSRF_GET_PATHS = [
  '/centerAuth/sso/signout',
  '/centerAuth/msg/login/send',
  '/centerAuth/msg/resetPassword/send',
  '/admin/mobile/:phone',
  '/centerAuth/sso/WeCom/loginByCode',
  '/centerAuth/sso/feishu/loginByCode',
] as const satisfies readonly XsrfGetPath[];

type Assert<T extends true> = T;
/** Fails to compile when a definition marked `xsrf: true` is missing from XSRF_GET_PATHS. */
export type XsrfGetPathsComplete = Assert<[Exclude<XsrfGetPath, (typeof XSRF_GET_PATHS)[number]>] extends [never] ? true : false>;

/** The one call that carries signature headers (spec section 7): the tenant list's path. */
export const SIGNED_PATH = '/tenant/list' satisfies (typeof tenantList)['path'];
