// A small browser for the OpenID Connect tests: keeps cookies (by name: one site, one flow at a
// time), follows redirects by hand so a test can stop at the app's redirect URI, and signs in to
// the portal the way the widget does (SM2-encrypted password, XSRF header).
import { sm2Password } from '../../helpers/sm2-password.ts';
import { CookieJar } from '../../helpers/cookie-jar.ts';

export class Browser {
  readonly cookies = new CookieJar();

  constructor(readonly origin: string) {}

  private remember(response: Response): void {
    this.cookies.remember(response.headers.getSetCookie());
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookies.header();
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(new URL(url, this.origin), { ...init, headers, redirect: 'manual' });
    this.remember(response);
    return response;
  }

  /** Follows redirects until one leaves for `stopAt` (answered as a URL) or a page answers. */
  async follow(url: string, stopAt: string): Promise<{ url: URL; response: Response | null }> {
    let next = new URL(url, this.origin);
    for (let hop = 0; hop < 20; hop++) {
      if (next.href.startsWith(stopAt)) return { url: next, response: null };
      const response = await this.fetch(next.href);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { url: next, response };
      await response.arrayBuffer();
      next = new URL(location, next);
    }
    throw new Error('too many redirects');
  }

  /** The XSRF cookie, under its https name (__Host-) when the portal's public URL is https. */
  xsrfToken(): string {
    return this.cookies.get('XSRF-TOKEN') ?? this.cookies.get('__Host-XSRF-TOKEN') ?? '';
  }

  async signIn(name: string, password: string): Promise<{ status: number; body: { code: number; msg: string; data: unknown } }> {
    await (await this.fetch('/api/centerAuth/sso/isLogin')).arrayBuffer();
    const key = ((await (await this.fetch('/api/centerAuth/commonConfig/getPublicKeySm2')).json()) as { data: string }).data;
    const pwd = sm2Password(password, key);
    const response = await this.fetch('/api/centerAuth/sso/doLogin', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-xsrf-token': this.xsrfToken() },
      body: new URLSearchParams({ name, pwd, loginType: '0' }).toString(),
    });
    return { status: response.status, body: (await response.json()) as { code: number; msg: string; data: unknown } };
  }

  async signOut(): Promise<number> {
    const response = await this.fetch('/api/centerAuth/sso/signout', { headers: { 'x-xsrf-token': this.xsrfToken() } });
    await response.arrayBuffer();
    return response.status;
  }
}
