// Upstream access tokens (WeCom, Feishu) are cached until shortly before they expire: both
// providers rate-limit token requests and ask clients to reuse tokens.
export interface TokenCache {
  get(key: string): string | null;
  set(key: string, token: string, expiresAt: number): void;
  delete(key: string): void;
}

export class MemoryTokenCache implements TokenCache {
  private readonly tokens = new Map<string, { token: string; expiresAt: number }>();

  constructor(private readonly now: () => number) {}

  get(key: string): string | null {
    const hit = this.tokens.get(key);
    if (!hit) return null;
    if (hit.expiresAt <= this.now()) {
      this.tokens.delete(key);
      return null;
    }
    return hit.token;
  }

  set(key: string, token: string, expiresAt: number): void {
    this.tokens.set(key, { token, expiresAt });
  }

  delete(key: string): void {
    this.tokens.delete(key);
  }
}

/** Safety margin: a token is dropped this long before the provider says it expires. */
export const TOKEN_EXPIRY_MARGIN_MS = 5 * 60_000;
