// Feishu (飞书) code exchange: auth/v3/app_access_token/internal (cached), then
// authen/v1/oidc/access_token (code -> user token), then authen/v1/user_info. Identity = union_id.
import type { FeishuSettings } from '../../records/catalog.ts';
import { TOKEN_EXPIRY_MARGIN_MS, type TokenCache } from './token-cache.ts';
import { upstreamJson, UpstreamUnavailable } from './upstream-http.ts';

/** Codes meaning the cached app access token is no longer valid. */
const STALE_TOKEN = new Set([99991663, 99991664, 99991661]);

export class FeishuClient {
  constructor(
    private readonly cache: TokenCache,
    private readonly now: () => number,
    private readonly timeoutMs: number,
  ) {}

  private async appAccessToken(s: FeishuSettings, base: string): Promise<string> {
    const key = `feishu:${base}:${s.appId}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const answer = await upstreamJson(`${base}/open-apis/auth/v3/app_access_token/internal`, {
      method: 'POST', body: { app_id: s.appId, app_secret: s.appSecret },
    }, this.timeoutMs);
    if (answer.code !== 0 || typeof answer.app_access_token !== 'string') {
      throw new UpstreamUnavailable(`Feishu app_access_token refused: code ${String(answer.code)}`);
    }
    const lifetime = typeof answer.expire === 'number' ? answer.expire * 1000 : 7200_000;
    this.cache.set(key, answer.app_access_token, this.now() + Math.max(lifetime - TOKEN_EXPIRY_MARGIN_MS, 1000));
    return answer.app_access_token;
  }

  /** The union_id behind `code`, or null when Feishu refuses the code. */
  async unionIdForCode(s: FeishuSettings, base: string, code: string): Promise<string | null> {
    let userToken: string | null = null;
    for (let attempt = 0; attempt < 2 && userToken === null; attempt++) {
      const appToken = await this.appAccessToken(s, base);
      const answer = await upstreamJson(`${base}/open-apis/authen/v1/oidc/access_token`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${appToken}` },
        body: { grant_type: 'authorization_code', code },
      }, this.timeoutMs);
      if (typeof answer.code === 'number' && STALE_TOKEN.has(answer.code)) {
        this.cache.delete(`feishu:${base}:${s.appId}`);
        continue;
      }
      const data = answer.data as { access_token?: unknown } | undefined;
      if (answer.code !== 0 || typeof data?.access_token !== 'string') return null;
      userToken = data.access_token;
    }
    if (userToken === null) return null;
    const info = await upstreamJson(`${base}/open-apis/authen/v1/user_info`, {
      headers: { Authorization: `Bearer ${userToken}` },
    }, this.timeoutMs);
    const data = info.data as { union_id?: unknown } | undefined;
    if (info.code !== 0 || typeof data?.union_id !== 'string' || !data.union_id) return null;
    return data.union_id;
  }
}
