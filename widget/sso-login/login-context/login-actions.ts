// Page load (spec section 2): redirect mode, the logout view, or a session that already exists.
// The views' own actions are in their folders (password/, mobile/, logout/, ...).
import { loadClientGroup, type LoginContext } from './login-store.ts';
import { completeSignIn, HOME } from '../shared/sign-in-success.ts';
import { runCodeLogin } from '../redirect/redirect-store.ts';

/**
 * On load: redirect mode logs in by code; the sign-out flag shows the logout view and nothing more
 * (a link or an image on another site must not end a session: only its button signs out); a
 * logged-in user goes to /home.
 */
export async function startLoginPage(context: LoginContext): Promise<void> {
  const { params, client } = context;
  if (params.isRedirectSelf) {
    // Redirect mode wears its group's brand too, also when a parameter is missing and the code
    // login stops before it needs the group.
    const group = loadClientGroup(context);
    await runCodeLogin(context, group);
    await group;
    return;
  }
  const group = loadClientGroup(context);
  if (params.isSignout) {
    await group;
    return;
  }
  const loggedIn = await client.get('/centerAuth/sso/isLogin', { quiet: true }).catch(() => false);
  await group;
  if (loggedIn) completeSignIn(context, HOME);
}
