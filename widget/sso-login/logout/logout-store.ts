// The logout view (spec section 2, is_signout): nothing signs out on load; its button does.
import { emitLoginError, guarded, type LoginContext } from '../login-store.ts';

/**
 * 退出登录, the logout view's button: the sign-out call (the server ends the session and signs out
 * of every app: single logout); then the view says 您已退出登录 and its button leads back to the
 * login box. A failure says so and the button tries again.
 */
export async function signOutFromView(context: LoginContext): Promise<void> {
  await guarded(context, 'signOut', async () => {
    try {
      await context.client.get('/centerAuth/sso/signout', { params: { from: context.params.from ?? undefined } });
      context.$signOut.set('done');
    } catch (error) {
      context.$signOut.set('failed');
      emitLoginError(context, error);
    }
  });
}
