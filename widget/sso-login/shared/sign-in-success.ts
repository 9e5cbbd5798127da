// The one way a sign-in ends, however it began (password, SMS code, a messenger's code login, a
// session that already exists on load): the element emits the cancelable sso-login-success with
// the destination and the username, and unless a listener called preventDefault() (the portal
// routes in-page) the browser goes there. Each caller checks its destination first.
import { emit } from '../../core/events.ts';
import { withTicketProof } from '../../core/login-binding.ts';
import { navigate } from '../../core/navigate.ts';
import type { LoginContext } from '../login-context/login-store.ts';
import { checkedTarget, isTicketRedeemUrl, redirectScope } from './redirect-target.ts';

/** The fields of a sign-in answer (doLogin, loginByCode) the success path reads. */
export interface SignInAnswer {
  username?: unknown;
  redirect?: unknown;
  ticket?: unknown;
}

export const HOME = '/home';

/**
 * Where a password or SMS sign-in goes: the server's redirect when the one redirect rule accepts
 * it (redirect-target.ts), else /home (never an open redirect). An embedded sign-in answers a
 * ticket: its redeem URL on the SSO API gets this page's proof (core/login-binding.ts).
 */
export function signInDestination(context: LoginContext, answer: SignInAnswer | null | undefined): string {
  const redirect = typeof answer?.redirect === 'string' && answer.redirect ? answer.redirect : HOME;
  return followableDestination(context, redirect, answer) ?? HOME;
}

/** `redirect` made ready to follow (a ticket's redeem URL with its proof), or null when it must not be. */
export function followableDestination(context: LoginContext, redirect: string, answer: SignInAnswer | null | undefined): string | null {
  const { apiBase } = context.params;
  if (typeof answer?.ticket === 'string') {
    return isTicketRedeemUrl(redirect, answer.ticket, apiBase) ? withTicketProof(redirect, answer) : null;
  }
  return checkedTarget(redirect, redirectScope(context.$group.get(), apiBase));
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
