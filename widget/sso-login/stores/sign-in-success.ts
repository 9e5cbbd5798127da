// The one way a sign-in ends, however it began (password, SMS code, a messenger's code login, a
// session that already exists on load): the element emits the cancelable sso-login-success with
// the destination and the username, and unless a listener called preventDefault() (the portal
// routes in-page) the browser goes there. Each caller checks its destination first.
import { emit } from '../../core/events.ts';
import { withTicketProof } from '../../core/login-binding.ts';
import { navigate } from '../../core/navigate.ts';
import type { LoginContext } from './login-store.ts';
import { allowedOrigins, isAllowedTarget } from './redirect-target.ts';

/** The fields of a sign-in answer (doLogin, loginByCode) the success path reads. */
export interface SignInAnswer {
  username?: unknown;
  redirect?: unknown;
  ticket?: unknown;
}

export const HOME = '/home';

/**
 * Where a password or SMS sign-in goes: the server's redirect when it leads to an allowed origin,
 * else /home (never an open redirect). An embedded sign-in answers a ticket: its redeem URL gets
 * this page's proof (core/login-binding.ts).
 */
export function signInDestination(context: LoginContext, answer: SignInAnswer | null | undefined): string {
  const candidate = typeof answer?.redirect === 'string' && answer.redirect ? withTicketProof(answer.redirect, answer) : HOME;
  const allowed = allowedOrigins(context.$group.get(), context.params.apiBase);
  return isAllowedTarget(candidate, allowed) ? candidate : HOME;
}

/** Announces the sign-in and leaves for `destination` (already checked by the caller). */
export function completeSignIn(context: LoginContext, destination: string, answer?: SignInAnswer | null): void {
  const username = typeof answer?.username === 'string' ? answer.username : undefined;
  const host = context.host();
  const proceed = host
    ? emit(host, 'sso-login-success', { redirect: destination, ...(username ? { username } : {}) }, { cancelable: true })
    : true;
  if (proceed) navigate(destination);
}
