// External-redirect mode (spec section 2): a code login with code and login_type, then callBack.
import { startSecondFactor } from '../second-factor/second-factor-step.ts';
import { ApiCallError } from '../../core/request.ts';
import { CALLBACK_NOT_ALLOWED, CODE_LOGIN_PENDING, INVALID_LOGIN_TYPE, MISSING_CODE, MISSING_LOGIN_TYPE, OAUTH_STATE_MISMATCH } from './redirect.messages.ts';
import { emit } from '../../core/events.ts';
import { loadClientGroup, type LoginContext } from '../login-context/login-store.ts';
import type { ClientGroup } from '../shared/client-group.ts';
import { completeSignIn, followableDestination } from '../shared/sign-in-success.ts';
import { takeMatchingOAuthState, type OAuthProvider } from '../qr/oauth-state.ts';
import { checkedTarget, DEFAULT_REDIRECT, redirectScope } from '../shared/redirect-target.ts';
import { takeKeptCallBack } from '../qr/qr-return-callback.ts';

const CODE_LOGIN_PATHS = {
  wecom: '/centerAuth/sso/WeCom/loginByCode',
  feishu: '/centerAuth/sso/feishu/loginByCode',
} as const satisfies Record<OAuthProvider, string>;

const isProvider = (value: string): value is OAuthProvider => Object.hasOwn(CODE_LOGIN_PATHS, value);

function fail(context: LoginContext, code: string | number, message: string): void {
  context.$redirect.set({ status: 'failed', message });
  const host = context.host();
  if (host) emit(host, 'sso-login-error', { code, msg: message });
}

/** `groupLoad`: the group config already on its way (the page loads it for its brand either way). */
export async function runCodeLogin(context: LoginContext, groupLoad: Promise<ClientGroup> = loadClientGroup(context)): Promise<void> {
  const { params, client } = context;
  if (!params.code) return fail(context, 'MISSING_CODE', MISSING_CODE);
  if (!params.loginType) return fail(context, 'MISSING_LOGIN_TYPE', MISSING_LOGIN_TYPE);
  const provider = params.loginType.toLowerCase();
  if (!isProvider(provider)) return fail(context, 'INVALID_LOGIN_TYPE', INVALID_LOGIN_TYPE);
  // The callBack this tab kept when it showed the QR code (the messenger's return URL cannot carry
  // it): taken now, whatever happens next, so it is used once at most.
  const kept = takeKeptCallBack(provider);
  // Only a code this tab asked for (its QR code's state) may sign in: no login CSRF.
  if (!takeMatchingOAuthState(provider, params.state)) return fail(context, 'OAUTH_STATE_MISMATCH', OAUTH_STATE_MISMATCH);
  context.$redirect.set({ status: 'working', message: CODE_LOGIN_PENDING });

  const group = await groupLoad;
  const scope = redirectScope(group, params.apiBase);
  let callBack: string | null;
  let target: string | null;
  if (params.callBack) {
    // A callBack on the return URL is the caller's explicit wish: a refused one stops the login.
    callBack = params.callBack;
    target = checkedTarget(callBack, scope);
    if (target === null) return fail(context, 'CALLBACK_NOT_ALLOWED', CALLBACK_NOT_ALLOWED);
  } else {
    // A kept one passed the same rule before the trip, but storage can be written by anyone on this
    // origin: checked again, and a refused one means /home, as the server does with a bad callBack.
    target = checkedTarget(kept, scope);
    callBack = target === null ? null : kept;
    target ??= DEFAULT_REDIRECT;
  }
  try {
    const data = await client.get(CODE_LOGIN_PATHS[provider], {
      params: {
        code: params.code,
        clientId: params.clientId ?? undefined,
        ssoDomain: params.ssoDomain,
        // The server checks it too, and binds it to the ticket of an embedded sign-in.
        callBack: callBack ? target : undefined,
      },
      quiet: true,
    });
    // Embedded on a brand site the answer carries a ticket: the session only exists once the
    // browser has gone to data.redirect (the redeem URL on the SSO origin), never to our target.
    const destination = typeof data?.ticket === 'string' && typeof data.redirect === 'string'
      ? followableDestination(context, data.redirect, data)
      : target;
    if (destination === null) return fail(context, 'CALLBACK_NOT_ALLOWED', CALLBACK_NOT_ALLOWED);
    context.$redirect.set(null);
    completeSignIn(context, destination, data);
  } catch (error) {
    // The messenger account was right and a second factor is due: its own view takes over.
    if (startSecondFactor(context, error, '')) return;
    const apiError = error instanceof ApiCallError ? error : null;
    fail(context, apiError?.errorCode ?? apiError?.code ?? 'CLIENT', apiError?.message ?? String(error));
  }
}
