// A browser-like HTTP client for real server processes: keeps cookies, echoes the XSRF cookie in
// the X-XSRF-TOKEN header, encrypts passwords with the server's SM2 public key like the widget.
import { sm2Password } from '../../helpers/sm2-password.ts';
import { CookieJar } from '../../helpers/cookie-jar.ts';

export interface HttpAnswer {
  status: number;
  body: { code: number | string; msg: string; data: any; errorCode?: string };
  text: string;
  headers: Headers;
}

export class HttpClient {
  readonly cookies = new CookieJar();

  constructor(public baseUrl: string) {}

  /** The same browser (same cookies) talking to another instance. */
  at(baseUrl: string): HttpClient {
    const other = new HttpClient(baseUrl);
    for (const [k, v] of this.cookies) other.cookies.set(k, v);
    return other;
  }

  async request(method: 'GET' | 'POST', path: string, form?: Record<string, string>, json?: unknown): Promise<HttpAnswer> {
    if (!this.cookies.has('XSRF-TOKEN') && !(method === 'GET' && path.endsWith('/isLogin'))) await this.request('GET', '/api/centerAuth/sso/isLogin');
    const headers: Record<string, string> = {};
    const cookie = this.cookies.header();
    if (cookie) headers.cookie = cookie;
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (xsrf) headers['x-xsrf-token'] = xsrf;
    if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (json !== undefined) headers['content-type'] = 'application/json';
    const payload = form ? new URLSearchParams(form).toString() : json !== undefined ? JSON.stringify(json) : undefined;
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload });
    this.cookies.remember(res.headers.getSetCookie());
    const text = await res.text();
    let body: HttpAnswer['body'];
    try {
      body = JSON.parse(text);
    } catch {
      body = { code: -1, msg: text, data: null };
    }
    return { status: res.status, body, text, headers: res.headers };
  }

  get(path: string) {
    return this.request('GET', path);
  }

  post(path: string, form: Record<string, string>) {
    return this.request('POST', path, form);
  }

  /** A JSON POST (the operator console's calls). */
  postJson(path: string, json: unknown) {
    return this.request('POST', path, undefined, json);
  }

  async encrypt(plain: string): Promise<string> {
    const key = (await this.get('/api/centerAuth/commonConfig/getPublicKeySm2')).body.data as string;
    return sm2Password(plain, key);
  }

  async login(name: string, password: string): Promise<HttpAnswer> {
    return this.post('/api/centerAuth/sso/doLogin', { name, pwd: await this.encrypt(password), loginType: '0' });
  }
}
