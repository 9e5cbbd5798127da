// The logout view (spec section 2, is_signout): nothing signs out on load; its button does.
import { navigate } from '../../core/navigate.ts';
import { emitLoginError, guarded, type LoginContext } from '../login-context/login-store.ts';

/**
 * 退出登录, the logout view's button: the sign-out call (the server ends the session and signs out
 * of every app: single logout); then the view says 您已退出登录 and its button leads back to the
 * login box. A failure says so and the button tries again.
 */
export async function signOutFromView(context: LoginContext): Promise<void> {
  await guarded(context, 'signOut', async () => {
    try {
      const answer = await context.client.get('/centerAuth/sso/signout', { params: { from: context.params.from ?? undefined } });
      context.$signOut.set('done');
      // Apps only the browser can sign out (SAML front channel): the portal walks them, then says 您已退出登录.
      if (answer?.logoutChain) navigate(answer.logoutChain);
    } catch (error) {
      context.$signOut.set('failed');
      emitLoginError(context, error);
    }
  });
}
