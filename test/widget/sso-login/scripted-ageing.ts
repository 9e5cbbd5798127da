// A password sign-in that answers AU00153 (password aged, within its grace) or AU00154 (first
// login), for the tests that only look at the prompts and the change-password dialog (axe, phone
// layout). Scripted, not the real agedpwd / firstlogin accounts: change-password.test.ts changes
// their passwords, so what they answer depends on which file ran first. The group config and the
// SM2 public key are the real server's; the answers still travel through the request client.
import { ok, scriptApi, SCRIPTED_BASE, type ScriptedApi } from '../app-center/scripted-api.ts';

async function realData(path: string): Promise<unknown> {
  return ((await (await fetch(`/api${path}`)).json()) as { data: unknown }).data;
}

export async function scriptAgeing(code: 'AU00153' | 'AU00154', ssoDomain = 'localhost'): Promise<{ api: ScriptedApi; attributes: Record<string, string> }> {
  const group = await realData(`/centerAuth/clientGroup/detailGetBySsoDomain?ssoDomain=${ssoDomain}`);
  const publicKey = await realData('/centerAuth/commonConfig/getPublicKeySm2');
  const day = 24 * 3600 * 1000;
  const data = code === 'AU00153' ? { ageDays: 40, maxAgeDays: 30, postponeUntil: Date.now() + 7 * day } : null;
  const api = scriptApi({
    '/centerAuth/clientGroup/detailGetBySsoDomain': ok(group),
    '/centerAuth/sso/isLogin': ok(false),
    '/centerAuth/commonConfig/getPublicKeySm2': ok(publicKey),
    '/centerAuth/sso/doLogin': { body: { code, errorCode: code, msg: code === 'AU00153' ? '密码已过期' : '首次登录请修改密码', data } },
  });
  return { api, attributes: { 'api-base': SCRIPTED_BASE, 'sso-domain': ssoDomain } };
}
