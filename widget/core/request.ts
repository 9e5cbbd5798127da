// The request client: every common rule of spec section 7 and the error catalogue of section 8.
import { ApiCallError, asEnvelope, envelopeMessage, isSuccessCode } from './api-error.ts';
import { REQUEST_TIMEOUT_MS } from './config.ts';
import { ACCOUNT_LOCKED, DEFAULT_ERROR, NETWORK_ERROR, REQUEST_TIMEOUT, SIGN_IN_AGAIN, TOKEN_EXPIRED } from './messages.ts';
import { navigate } from './navigate.ts';
import type { NoticeCenter } from './notices.ts';
import { SIGNED_PATH } from '../../contract/endpoints/request-rules.ts';
import { loadEncFlag, loadSignature } from './request-crypto.ts';
import { currentXsrfToken, needsXsrf, rememberXsrfHeader } from './xsrf.ts';
import { loginBinding } from './login-binding.ts';

export { ApiCallError } from './api-error.ts';
import type { AnswerOf, ApiEntry, ApiPath, BodyFields, ParamsOf } from './api-types.ts';

export interface CallOptions {
  /** Query; arrays repeated (a=1&a=2); undefined and null left out. */
  params?: Record<string, unknown>;
  json?: unknown;
  form?: Record<string, string | number | undefined>;
  /** Enc-Flag: the JSON body is sent encrypted. */
  encrypt?: boolean;
  /** No toast for body-code errors and other HTTP errors, 423 included: the caller shows them (424 always opens its dialog). */
  quiet?: boolean;
}

type TypedOptions = Omit<CallOptions, 'params' | 'json' | 'form'>;

export interface ApiClient {
  /** A GET of the contract: its query and its answer typed from contract/api.ts. */
  get<P extends ApiPath<'GET'>>(path: P, options?: TypedOptions & { params?: ParamsOf<ApiEntry<'GET', P>> }): Promise<AnswerOf<ApiEntry<'GET', P>>>;
  /** A POST of the contract: its body (form or JSON) and its answer typed from contract/api.ts. */
  post<P extends ApiPath<'POST'>>(
    path: P, options?: TypedOptions & { form?: BodyFields<ApiEntry<'POST', P>>; json?: BodyFields<ApiEntry<'POST', P>> },
  ): Promise<AnswerOf<ApiEntry<'POST', P>>>;
  /** Any path, untyped: for calls outside the contract (an integrator's own endpoints, tests). */
  request<T>(method: 'GET' | 'POST', path: string, options?: CallOptions): Promise<T>;
  download(path: string, options?: CallOptions & { filename?: string }): Promise<void>;
}

export function buildQuery(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      search.append(name, String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function timeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** True when the API lives on another origin than the page (an embedded element). */
export function isCrossOrigin(apiBase: string): boolean {
  try {
    return new URL(apiBase, window.location.href).origin !== window.location.origin;
  } catch {
    return false;
  }
}

export function createApiClient(options: { apiBase: string; notices: NoticeCenter }): ApiClient {
  const apiBase = options.apiBase.replace(/\/+$/, '');
  const { notices } = options;
  let expiryDialogOpen = false;
  // 取消 on the expiry dialog means "not now": later 424s of this page fail without asking again,
  // instead of the dialog coming back with every call (the loop issue 15 describes).
  let expiryDeclined = false;
  let xsrfBootstrap: Promise<unknown> | null = null;
  // Embedded on another origin (docs/embedding.md): the page's own cookies say nothing about the
  // API (a brand site may have an XSRF-TOKEN cookie of its own), so only the token the API hands
  // this client in the X-XSRF-TOKEN header counts.
  const crossOrigin = isCrossOrigin(apiBase);
  let embedToken: string | null = null;
  const xsrfToken = () => (crossOrigin ? embedToken : currentXsrfToken());

  async function ensureXsrf(): Promise<void> {
    if (xsrfToken()) return;
    // Only the token header matters here; whatever the answer, the real call reports its own errors.
    xsrfBootstrap ??= fetchRaw('GET', '/centerAuth/sso/isLogin', { quiet: true }, false)
      .then((response) => response.body?.cancel())
      .catch(() => undefined);
    await xsrfBootstrap;
    xsrfBootstrap = null;
  }

  function fail(message: string, status: number, code: string | number, quiet: boolean | undefined, errorCode?: string, data?: unknown): never {
    if (!quiet) notices.toast('error', message);
    throw new ApiCallError(message, status, code, errorCode, data);
  }

  async function handleExpired(): Promise<never> {
    if (!expiryDialogOpen && !expiryDeclined) {
      expiryDialogOpen = true;
      // The text says 请点击重新登录: the button that goes to the login says 重新登录.
      const confirmed = await notices.confirm(TOKEN_EXPIRED, { okLabel: SIGN_IN_AGAIN });
      expiryDialogOpen = false;
      if (confirmed) navigate('/');
      else expiryDeclined = true;
    }
    throw new ApiCallError(TOKEN_EXPIRED, 424, 424);
  }

  async function fetchRaw(method: 'GET' | 'POST', path: string, call: CallOptions, withXsrf: boolean): Promise<Response> {
    if (withXsrf && needsXsrf(method, path)) await ensureXsrf();
    const headers = new Headers({ Accept: 'application/json', 'Time-Zone': timeZone() });
    const token = xsrfToken();
    if (token) headers.set('X-XSRF-TOKEN', token);
    // Embedded: a login ticket the server mints is bound to this page (core/login-binding.ts).
    if (crossOrigin) headers.set('X-Login-Binding', loginBinding());
    if (path.includes(SIGNED_PATH)) {
      const { signatureHeaders } = await loadSignature();
      for (const [name, value] of Object.entries(signatureHeaders())) headers.set(name, value);
    }
    let body: string | undefined;
    if (call.form) {
      headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
      body = buildQuery(call.form).slice(1);
    } else if (call.json !== undefined || call.encrypt) {
      headers.set('Content-Type', 'application/json;charset=UTF-8');
      const plain = JSON.stringify(call.json ?? {});
      if (call.encrypt) {
        headers.set('Enc-Flag', 'true');
        const { encryptText } = await loadEncFlag();
        body = JSON.stringify({ encryption: encryptText(plain) });
      } else {
        body = plain;
      }
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const response = await fetch(apiBase + path + buildQuery(call.params), {
        method,
        headers,
        body: body ?? null,
        credentials: 'include',
        signal: controller.signal,
      });
      if (crossOrigin) embedToken = response.headers.get('X-XSRF-TOKEN') ?? embedToken;
      else rememberXsrfHeader(response);
      return response;
    } catch {
      const timedOut = controller.signal.aborted;
      return fail(timedOut ? REQUEST_TIMEOUT : NETWORK_ERROR, 0, timedOut ? 'TIMEOUT' : 'NETWORK', call.quiet);
    } finally {
      clearTimeout(timer);
    }
  }

  async function readJson(response: Response): Promise<unknown> {
    const text = await response.text();
    if (!text) return null;
    try {
      return JSON.parse(text);
    } catch {
      return null;
    }
  }

  async function send<T>(method: 'GET' | 'POST', path: string, call: CallOptions = {}, withXsrf = true): Promise<T> {
    const response = await fetchRaw(method, path, call, withXsrf);
    const status = response.status;
    if (status === 423) {
      // The server may add how long the lock lasts ("该账号已锁定，请 12 分钟后再试"); anything else is the catalogue text.
      const said = envelopeMessage(asEnvelope(await readJson(response)), ACCOUNT_LOCKED);
      // A quiet caller shows it where the user looks (the sign-in form, the change-password dialog).
      return fail(said.startsWith(ACCOUNT_LOCKED) ? said : ACCOUNT_LOCKED, 423, 423, call.quiet);
    }
    if (status === 424) {
      await readJson(response);
      return handleExpired();
    }
    const envelope = asEnvelope(await readJson(response));
    if (status < 200 || status > 299) {
      const code = typeof envelope?.code === 'string' || typeof envelope?.code === 'number' ? envelope.code : status;
      return fail(envelopeMessage(envelope, DEFAULT_ERROR), status, code, call.quiet);
    }
    if (!envelope || !isSuccessCode(envelope.code)) {
      const code = typeof envelope?.code === 'string' || typeof envelope?.code === 'number' ? envelope.code : 'INVALID';
      const errorCode = typeof envelope?.errorCode === 'string' ? envelope.errorCode : undefined;
      return fail(envelopeMessage(envelope, DEFAULT_ERROR), status, code, call.quiet, errorCode, (envelope as { data?: unknown } | null)?.data);
    }
    const encrypted = (envelope as { encryption?: unknown }).encryption;
    if (typeof encrypted === 'string') {
      const { decryptText } = await loadEncFlag();
      return JSON.parse(decryptText(encrypted)) as T;
    }
    return (envelope as { data?: T }).data as T;
  }

  return {
    get: (path, call) => send('GET', path, call as CallOptions),
    post: (path, call) => send('POST', path, call as CallOptions),
    request: (method, path, call) => send(method, path, call),
    async download(path, call = {}) {
      const response = await fetchRaw('GET', path, call, true);
      if (response.status === 423) return fail(ACCOUNT_LOCKED, 423, 423, call.quiet);
      if (response.status === 424) return handleExpired();
      // Downloads are rare (an admin's export): the code that saves them comes when one is made.
      const { saveDownload } = await import('./download.ts');
      await saveDownload(response, notices, call.filename);
    },
  };
}
