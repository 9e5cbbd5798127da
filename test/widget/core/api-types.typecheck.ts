// Compile-time checks of the request client's contract typing (run by `npm run typecheck`): each
// expect-error directive below must meet an error, so a call the contract does not allow never compiles.
import type { ApiClient } from '../../../widget/core/request.ts';

export async function contractChecks(client: ApiClient): Promise<void> {
  // @ts-expect-error a path the contract does not have
  await client.get('/centerAuth/sso/isLoggedIn');
  // @ts-expect-error a field doLogin does not take
  await client.post('/centerAuth/sso/doLogin', { form: { nam: 'zhangwei' } });
  // @ts-expect-error a query parameter the SMS call does not take
  await client.get('/centerAuth/msg/login/send', { params: { mobile: '13800000001' } });
  const user = await client.get('/centerAuth/user/curLogin/info');
  // @ts-expect-error the answer has a username, not a name
  void user.name;
  const taken = await client.get('/admin/user/details', { params: { phone: '13800000001' } });
  // @ts-expect-error the look-up says taken or free, never who
  void taken?.username;
  // A path parameter is any text; the answer is typed all the same.
  const sent: null = await client.get('/admin/mobile/13800000001');
  void sent;
}
