// External-redirect mode (spec section 2): a code login with code and login_type, then callBack.
import { ApiCallError } from '../../core/request.ts';
import {
  CALLBACK_NOT_ALLOWED, CODE_LOGIN_PENDING, INVALID_LOGIN_TYPE, MISSING_CODE, MISSING_LOGIN_TYPE, OAUTH_STATE_MISMATCH,
} from '../../core/messages.ts';
import { emit } from '../../core/events.ts';
import { withTicketProof } from '../../core/login-binding.ts';
import { loadClientGroup, type LoginContext } from './login-store.ts';
import type { ClientGroup } from './client-group.ts';
import { completeSignIn } from './sign-in-success.ts';
import { takeMatchingOAuthState, type OAuthProvider } from './oauth-state.ts';
import { allowedOrigins, isAllowedTarget, resolveCallBack } from './redirect-target.ts';

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
  // Only a code this tab asked for (its QR code's state) may sign in: no login CSRF.
  if (!takeMatchingOAuthState(provider, params.state)) return fail(context, 'OAUTH_STATE_MISMATCH', OAUTH_STATE_MISMATCH);
  context.$redirect.set({ status: 'working', message: CODE_LOGIN_PENDING });

  const group = await groupLoad;
  const allowed = allowedOrigins(group, params.apiBase);
  const target = resolveCallBack(params.callBack, params.apiBase);
  if (target === null || !isAllowedTarget(target, allowed)) {
    return fail(context, 'CALLBACK_NOT_ALLOWED', CALLBACK_NOT_ALLOWED);
  }
  try {
    const data = await client.get(CODE_LOGIN_PATHS[provider], {
      params: {
        code: params.code,
        clientId: params.clientId ?? undefined,
        ssoDomain: params.ssoDomain,
        // The server checks it too, and binds it to the ticket of an embedded sign-in.
        callBack: params.callBack ? target : undefined,
      },
      quiet: true,
    });
    // Embedded on a brand site the answer carries a ticket: the session only exists once the
    // browser has gone to data.redirect (the redeem URL on the SSO origin), never to our target.
    const destination = typeof data?.ticket === 'string' && typeof data.redirect === 'string' ? withTicketProof(data.redirect, data) : target;
    if (!isAllowedTarget(destination, allowed)) return fail(context, 'CALLBACK_NOT_ALLOWED', CALLBACK_NOT_ALLOWED);
    context.$redirect.set(null);
    completeSignIn(context, destination, data);
  } catch (error) {
    const apiError = error instanceof ApiCallError ? error : null;
    fail(context, apiError?.errorCode ?? apiError?.code ?? 'CLIENT', apiError?.message ?? String(error));
  }
}
