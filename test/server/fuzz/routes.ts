// Every API route of a built app (read from Fastify's own route tree, so routes added later are
// fuzzed too), with the parameter names its schema knows, so generated input reaches validation
// and the handlers rather than only the "unknown parameter" check.
import type { FastifyInstance } from 'fastify';

export interface FuzzRoute {
  method: 'GET' | 'POST';
  path: string;
  fields: string[];
}

const FIELDS: Record<string, string[]> = {
  '/api/centerAuth/sso/doLogin': ['loginType', 'name', 'pwd', 'phone', 'code', 'clientId', 'callBack', 'from', 'ssoDomain', 'postponePasswordChange'],
  '/api/centerAuth/user/changePassword': ['userName', 'oldPassword', 'newPassword', 'confirmPassword'],
  '/api/admin/register/user': ['username', 'phone', 'smsCode', 'password', 'ssoDomain'],
  '/api/centerAuth/sso/WeCom/loginByCode': ['code', 'clientId', 'ssoDomain'],
  '/api/centerAuth/sso/feishu/loginByCode': ['code', 'clientId', 'ssoDomain'],
  '/api/centerAuth/clientGroup/detailGetBySsoDomain': ['ssoDomain'],
  '/api/centerAuth/client/getClientListBySsoDomain': ['ssoDomain'],
  '/api/centerAuth/msg/login/send': ['phone'],
  '/api/centerAuth/msg/resetPassword/send': ['phone'],
  '/api/centerAuth/user/resetPassword': ['phone', 'code', 'newPassword', 'confirmPassword'],
  '/api/admin/user/details': ['username', 'phone'],
  '/api/centerAuth/sso/signout': ['from'],
  '/api/centerAuth/sso/ticket/redeem': ['ticket', 'code', 'clientId'],
};

/** Parses printRoutes({ commonPrefix: false }): one node per line, four columns per level. */
export function apiRoutes(app: FastifyInstance): FuzzRoute[] {
  const stack: string[] = [];
  const routes: FuzzRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([\s│├└─]*)(\S.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = Math.floor(match[1]!.length / 4);
    stack.length = depth;
    stack[depth] = match[2]!;
    const path = stack.join('');
    if (!path.startsWith('/api/')) continue;
    for (const method of match[3]!.split(', ')) {
      if (method === 'GET' || method === 'POST') routes.push({ method, path, fields: FIELDS[path] ?? ['code', 'name', 'phone'] });
    }
  }
  return routes;
}
