// WeCom (企业微信) code exchange: cgi-bin/gettoken (corpid + secret, cached) then
// cgi-bin/auth/getuserinfo (access_token + code). The identity is the member's userid.
import type { WeComSettings } from '../../records/catalog.ts';
import { TOKEN_EXPIRY_MARGIN_MS, type TokenCache } from './token-cache.ts';
import { upstreamJson, UpstreamUnavailable } from './upstream-http.ts';

/** Codes meaning the cached access token is no longer valid. */
const STALE_TOKEN = new Set([40014, 42001]);

export class WeComClient {
  constructor(
    private readonly cache: TokenCache,
    private readonly now: () => number,
    private readonly timeoutMs: number,
  ) {}

  private async accessToken(s: WeComSettings, base: string): Promise<string> {
    const key = `wecom:${base}:${s.appid}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const url = `${base}/cgi-bin/gettoken?corpid=${encodeURIComponent(s.appid)}&corpsecret=${encodeURIComponent(s.secret)}`;
    const answer = await upstreamJson(url, {}, this.timeoutMs);
    if (answer.errcode !== 0 || typeof answer.access_token !== 'string') {
      throw new UpstreamUnavailable(`WeCom gettoken refused: errcode ${String(answer.errcode)}`);
    }
    const lifetime = typeof answer.expires_in === 'number' ? answer.expires_in * 1000 : 7200_000;
    this.cache.set(key, answer.access_token, this.now() + Math.max(lifetime - TOKEN_EXPIRY_MARGIN_MS, 1000));
    return answer.access_token;
  }

  /** The userid behind `code`, or null when WeCom refuses the code or it is not a member. */
  async userIdForCode(s: WeComSettings, base: string, code: string): Promise<string | null> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const token = await this.accessToken(s, base);
      const url = `${base}/cgi-bin/auth/getuserinfo?access_token=${encodeURIComponent(token)}&code=${encodeURIComponent(code)}`;
      const answer = await upstreamJson(url, {}, this.timeoutMs);
      if (typeof answer.errcode === 'number' && STALE_TOKEN.has(answer.errcode)) {
        this.cache.delete(`wecom:${base}:${s.appid}`);
        continue;
      }
      if (answer.errcode !== 0) return null;
      return typeof answer.userid === 'string' && answer.userid ? answer.userid : null;
    }
    return null;
  }
}
