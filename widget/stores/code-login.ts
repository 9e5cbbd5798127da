// External-redirect mode (spec section 2): a code login with code and login_type, then callBack.
import { ApiCallError } from '../core/request.ts';
import { CALLBACK_NOT_ALLOWED, CODE_LOGIN_PENDING, INVALID_LOGIN_TYPE, MISSING_CODE, MISSING_LOGIN_TYPE } from '../core/messages.ts';
import { emit } from '../core/events.ts';
import { navigate } from '../core/navigate.ts';
import { loadClientGroup, type LoginContext } from './login-store.ts';
import { allowedOrigins, isAllowedTarget, resolveCallBack } from './redirect-target.ts';

const CODE_LOGIN_PATHS: Record<string, string> = {
  wecom: '/centerAuth/sso/WeCom/loginByCode',
  feishu: '/centerAuth/sso/feishu/loginByCode',
};

function fail(context: LoginContext, code: string | number, message: string): void {
  context.$redirect.set({ status: 'failed', message });
  const host = context.host();
  if (host) emit(host, 'sso-login-error', { code, msg: message });
}

export async function runCodeLogin(context: LoginContext): Promise<void> {
  const { params, client } = context;
  if (!params.code) return fail(context, 'MISSING_CODE', MISSING_CODE);
  if (!params.loginType) return fail(context, 'MISSING_LOGIN_TYPE', MISSING_LOGIN_TYPE);
  const path = CODE_LOGIN_PATHS[params.loginType.toLowerCase()];
  if (!path) return fail(context, 'INVALID_LOGIN_TYPE', INVALID_LOGIN_TYPE);
  context.$redirect.set({ status: 'working', message: CODE_LOGIN_PENDING });

  const group = await loadClientGroup(context);
  const target = resolveCallBack(params.callBack, params.apiBase);
  if (!isAllowedTarget(target, allowedOrigins(group, params.apiBase))) {
    return fail(context, 'CALLBACK_NOT_ALLOWED', CALLBACK_NOT_ALLOWED);
  }
  try {
    const data = await client.get<{ username?: string } | null>(path, {
      params: { code: params.code, clientId: params.clientId ?? undefined, ssoDomain: params.ssoDomain },
      quiet: true,
    });
    context.$redirect.set(null);
    const host = context.host();
    const username = typeof data?.username === 'string' ? data.username : undefined;
    const proceed = host
      ? emit(host, 'sso-login-success', { redirect: target, ...(username ? { username } : {}) }, { cancelable: true })
      : true;
    if (proceed) navigate(target);
  } catch (error) {
    const apiError = error instanceof ApiCallError ? error : null;
    fail(context, apiError?.errorCode ?? apiError?.code ?? 'CLIENT', apiError?.message ?? String(error));
  }
}
