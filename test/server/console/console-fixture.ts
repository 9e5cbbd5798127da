// What the console tests share: the demo administrator, the console's paths, its refusals as a
// caller sees them (status, code, Chinese text, data null), a console sign-in through the
// cookie-keeping Client of test-app.ts, a console session made straight in the store (for an
// account the sign-in would refuse), raw answers (the CSV export is not an envelope), and the
// test app listening on a real port for the OpenID Connect tests.
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { ConsoleRefusal, HttpMessages } from '../../../contract/errors.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import type { Answer, Client, TestApp } from '../../helpers/test-app.ts';

export const ADMIN = { username: 'admin', password: 'Sso@2026admin' } as const;

export type ConsoleEndpointName = Extract<keyof typeof endpoints, `console${string}`>;

/** The path of a console call as a caller writes it (/api/console/...). */
export const api = (name: ConsoleEndpointName): string => `/api${endpoints[name].path}`;

export type ConsoleRefusalName = keyof typeof ConsoleRefusal;

/** The body and status of a console refusal, as contract/errors.ts promises them. */
export function refusalOf(name: ConsoleRefusalName, msg?: string): { status: number; body: { code: string; msg: string; data: null } } {
  const [code, text, status] = ConsoleRefusal[name];
  return { status, body: { code, msg: msg ?? text, data: null } };
}

export function assertRefused(answer: Answer, name: ConsoleRefusalName, context = '', msg?: string): void {
  const expected = refusalOf(name, msg);
  assert.deepEqual({ status: answer.status, body: answer.body }, expected, context);
}

/** GET /console/me without a console session: the page's probe answers 200 with data null (no 401 for the browser to log). */
export function assertNoConsoleSession(answer: Answer, context = ''): void {
  assert.deepEqual({ status: answer.status, body: answer.body }, { status: 200, body: { code: 200, msg: 'success', data: null } }, context);
}

/** The XSRF refusal (http/xsrf.ts). */
export const XSRF_REFUSAL = { status: 403, body: { code: 403, msg: HttpMessages.xsrf, data: null } };

/** A business refusal in the envelope (HTTP 200, code = errorCode), as change-password.test.ts writes it. */
export const envelopeRefusal = (code: string, msg: string) => ({ code, errorCode: code, msg, data: null });

export async function consoleSignIn(c: Client, username: string, password: string): Promise<Answer> {
  return c.post(api('consoleSignIn'), { json: { username, password: await c.encrypt(password) } });
}

/** A Client signed into the console as `username`; fails the test when the sign-in does not answer 200. */
export async function consoleClient(t: TestApp, username: string = ADMIN.username, password: string = ADMIN.password): Promise<Client> {
  const c = t.client();
  const answer = await consoleSignIn(c, username, password);
  assert.equal(answer.status, 200, `console sign-in of ${username}: ${JSON.stringify(answer.body)}`);
  assert.equal(answer.body.data.username, username);
  assert.ok(c.cookies.has('sso_console'), 'the console cookie is set');
  return c;
}

export async function reauth(c: Client, password: string = ADMIN.password): Promise<Answer> {
  return c.post(api('consoleReauth'), { json: { password: await c.encrypt(password) } });
}

/**
 * A console session for any account, started in the store as the sign-in would (the sign-in itself
 * refuses a non-administrator): what a session looks like after its account lost the role.
 */
export async function rawConsoleSession(t: TestApp, username: string): Promise<Client> {
  const user = await t.ctx.stores.users.findUserByName(username);
  assert.ok(user, `no account ${username}`);
  const sid = await t.ctx.consoleSessions.start(user, undefined, 'console');
  const c = t.client();
  c.cookies.set('sso_console', sid);
  return c;
}

/** A call whose answer is not JSON (the CSV export), with the Client's cookies and XSRF header. */
export async function rawGet(t: TestApp, c: Client, url: string) {
  const headers: Record<string, string> = { host: c.host };
  const cookie = c.cookies.header();
  if (cookie) headers.cookie = cookie;
  return t.app.inject({ method: 'GET', url, headers });
}

/** The test app also on a real port (127.0.0.1), for openid-client and back-channel deliveries; answers the issuer. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://localhost:${(t.app.server.address() as AddressInfo).port}`;
}

/** An account's row as the console's search shows it. */
export async function accountRow(c: Client, username: string): Promise<Record<string, any> | undefined> {
  const answer = await c.get(`${api('consoleSearchAccounts')}?q=${encodeURIComponent(username)}`);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return (answer.body.data.items as Record<string, any>[]).find((item) => item.username === username);
}

/** Every row of the administrator-action audit, newest first (all pages). */
export async function adminActions(c: Client, actor?: string): Promise<Record<string, any>[]> {
  const rows: Record<string, any>[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ page: String(page), ...(actor ? { actor } : {}) });
    const answer = await c.get(`${api('consoleAdminActionAudit')}?${query}`);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    rows.push(...answer.body.data.items);
    if (rows.length >= answer.body.data.total || answer.body.data.items.length === 0) return rows;
  }
}

/** A client as the console saves it (POST /console/clients/save), with the fields a test changes. */
export function clientBody(clientId: string, fields: Record<string, unknown> = {}) {
  return {
    clientId, name: null, public: false, redirectUris: ['https://app.example.com/callback'], postLogoutRedirectUris: [],
    backchannelLogoutUri: null, initiateLoginUri: null, groups: [], consent: false, expectedUpdatedAt: null, ...fields,
  };
}

/** A CAS service as the console saves it (POST /console/protocol-apps/cas/save), with the fields a test changes. */
export function casServiceBody(id: string, fields: Record<string, unknown> = {}) {
  return { id, name: null, services: ['https://cas-app.example.com/*'], groups: [], expectedUpdatedAt: null, ...fields };
}

/** A SAML service provider as the console saves it (POST /console/protocol-apps/saml/save), from its metadata XML. */
export function samlSpBody(id: string, metadata: string, fields: Record<string, unknown> = {}) {
  return { id, name: null, metadata, nameIdFormat: 'persistent', signResponse: false, groups: [], expectedUpdatedAt: null, ...fields };
}

/** A client group as the console saves it (POST /console/groups/save). */
export function groupBody(code: string, fields: Record<string, unknown> = {}) {
  return {
    code, name: `客户群 ${code}`, domains: [], domainUrl: null, staffOnly: false, isDefault: false, callbackOrigins: [], theme: null,
    sortOrder: 10, expectedUpdatedAt: null, ...fields,
  };
}

/** The token endpoint's client authentication, checked through introspection of any token (200 authenticated, 401 invalid_client). */
export async function introspectAs(t: TestApp, clientId: string, secret: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST', url: '/oidc/token/introspection',
    headers: {
      host: 'localhost', 'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`,
    },
    payload: 'token=not-a-real-token',
  });
  return res.statusCode;
}

/** Registers a client through the console (POST /console/clients/save, expectedUpdatedAt null): its answer and the secret shown once. */
export async function registerClient(_t: TestApp, admin: Client, body: ReturnType<typeof clientBody>): Promise<{ created: Answer; secret: string | null }> {
  const created = await admin.post(api('consoleSaveClient'), { json: body });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  return { created, secret: created.body.data.secret };
}
