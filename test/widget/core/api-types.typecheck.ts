// Compile-time checks of the request client's contract typing (run by `npm run typecheck`): each
// expect-error directive below must meet an error, so a call the contract does not allow never compiles.
import type { ApiCall } from '../../../contract/api.ts';
import type { endpoints } from '../../../contract/endpoints/index.ts';
import type { ApiClient } from '../../../widget/core/request.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;
type Endpoints = typeof endpoints;
/** "METHOD path" of every contract endpoint but the ticket redeem (a redirect) and the audit CSV: neither answers the envelope. */
type NotEnvelope = 'redeemTicket' | 'consoleSignInAuditCsv';
type DefinedCalls = { [N in Exclude<keyof Endpoints, NotEnvelope>]: `${Endpoints[N]['method']} ${Endpoints[N]['path']}` }[Exclude<keyof Endpoints, NotEnvelope>];

// The client's calls are exactly the endpoint definitions' method and path: none written by hand.
export const callsAreTheDefinitions: Equal<ApiCall, DefinedCalls> = true;

export async function contractChecks(client: ApiClient): Promise<void> {
  // @ts-expect-error a path the contract does not have
  await client.get('/centerAuth/sso/isLoggedIn');
  // @ts-expect-error the path is relative to the API base: no /api prefix (the old /next vs /api/next slip)
  await client.get('/api/centerAuth/sso/isLogin');
  // @ts-expect-error doLogin is a POST
  await client.get('/centerAuth/sso/doLogin');
  // @ts-expect-error isLogin is a GET
  await client.post('/centerAuth/sso/isLogin');
  // @ts-expect-error the ticket redeem is a top-level navigation, not a call of the client
  await client.get('/centerAuth/sso/ticket/redeem');
  // @ts-expect-error a field doLogin does not take
  await client.post('/centerAuth/sso/doLogin', { form: { nam: 'zhangwei' } });
  // @ts-expect-error a query parameter the SMS call does not take
  await client.get('/centerAuth/msg/login/send', { params: { mobile: '13800000001' } });
  // @ts-expect-error the public key call takes no query at all
  await client.get('/centerAuth/commonConfig/getPublicKeySm2', { params: { format: 'hex' } });
  const user = await client.get('/centerAuth/user/curLogin/info');
  // @ts-expect-error the answer has a username, not a name
  void user.name;
  const taken = await client.get('/admin/user/details', { params: { phone: '13800000001' } });
  // @ts-expect-error the look-up says taken or free, never who
  void taken?.username;
  // @ts-expect-error isLogin answers a boolean
  const signedIn: string = await client.get('/centerAuth/sso/isLogin');
  void signedIn;
  // A path parameter is any text; the answer is typed all the same.
  const sent: null = await client.get('/admin/mobile/13800000001');
  void sent;
}
