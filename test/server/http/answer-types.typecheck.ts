// Compile-time checks that a route's answer is the one its contract definition names (run by
// `npm run typecheck`): `ok(endpoint, data)` (server/http/envelope.ts) refuses any other shape, so
// renaming a field on the server side alone fails the typecheck. Each expect-error must meet an error.
import { ok } from '../../../server/http/envelope.ts';
import { currentUser, doLogin, isLogin, signOut } from '../../../contract/endpoints/auth.ts';
import { groupDetail, groupList } from '../../../contract/endpoints/catalog.ts';
import { redeemTicket } from '../../../contract/endpoints/embedding.ts';
import { userDetails } from '../../../contract/endpoints/registration.ts';
import { health } from '../../../contract/endpoints/tenant.ts';

export function answerChecks(): void {
  // The right shapes compile.
  ok(currentUser, { username: 'zhangwei' });
  ok(doLogin, { username: 'zhangwei', redirect: '/home' });
  ok(userDetails, null);
  // @ts-expect-error a field renamed on the server (the widget reads username)
  ok(currentUser, { userName: 'zhangwei' });
  // @ts-expect-error a field left out: every sign-in answers where the browser goes next
  ok(doLogin, { username: 'zhangwei' });
  // @ts-expect-error isLogin answers a boolean, not a text
  ok(isLogin, 'true');
  // @ts-expect-error signOut answers null
  ok(signOut, { signedOut: true });
  // @ts-expect-error the uniqueness look-up says taken or free, never who
  ok(userDetails, { taken: true, username: 'zhangwei' });
  // @ts-expect-error a group summary has domainUrl, not domain
  ok(groupList, [{ code: 'default', name: '企业统一登录平台', domain: 'localhost' }]);
  // @ts-expect-error the group config is an object, not a list of them
  ok(groupDetail, []);
  // @ts-expect-error the health status is ok or degraded
  ok(health, { status: 'fine' });
  // @ts-expect-error the ticket redeem answers a redirect, never the envelope
  ok(redeemTicket, null);
}
