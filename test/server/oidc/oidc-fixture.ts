// One real server (start-server.ts) with OpenID Connect clients registered through the admin
// commands' own code, and openid-client configured from the discovery document, as an app would.
import * as oidc from 'openid-client';
import type { ServerConfig } from '../../../server/config.ts';
import { runOidcCommand } from '../../../server/oidc/oidc-cli.ts';
import { changeMembership } from '../../../server/catalog/membership-admin.ts';
import { withAdminContext } from '../../../server/admin-context.ts';
import { startServer, type StartedServer } from '../../helpers/start-server.ts';
import { Browser } from './browser.ts';
import { waitUntilAsync } from '../../helpers/wait-until-async.ts';

export const REDIRECT_URI = 'http://127.0.0.1:9/callback';

export interface OidcServer {
  server: StartedServer;
  issuer: string;
  admin(command: string, args: string[], flags?: Record<string, string | boolean | string[]>): Promise<string>;
  /** Registers a confidential client and answers its generated secret. */
  addClient(clientId: string, flags?: Record<string, string | boolean | string[]>): Promise<string>;
  relyingParty(clientId: string, secret: string | null, method?: 'basic' | 'post'): Promise<oidc.Configuration>;
  browser(): Browser;
  close(): Promise<void>;
}

export async function startOidcServer(overrides: Partial<ServerConfig> = {}, deps: Parameters<typeof startServer>[1] = {}): Promise<OidcServer> {
  const server = await startServer(overrides, deps);
  const issuer = overrides.publicUrl ?? `http://localhost:${server.port}`;
  const admin = async (command: string, args: string[], flags: Record<string, string | boolean | string[]> = {}) => {
    // On parts of its own (compose.ts), as the admin CLI (another process) would.
    const answer = await withAdminContext(server.config, async (ctx) => command === 'grant' || command === 'revoke'
      ? changeMembership(ctx.stores, command, args)
      : (await runOidcCommand(ctx, command, args, flags))!);
    if (command === 'add-client') await untilProviderKnows(server.url, args[0]!);
    return answer;
  };
  return {
    server,
    issuer,
    admin,
    async addClient(clientId, flags = {}) {
      const answer = await admin('add-client', [clientId], { 'redirect-uri': [REDIRECT_URI], ...flags });
      return /client_secret[^:]*: (\S+)/.exec(answer)?.[1] ?? '';
    },
    async relyingParty(clientId, secret, method = 'basic') {
      const auth = secret === null ? oidc.None() : method === 'basic' ? oidc.ClientSecretBasic(secret) : oidc.ClientSecretPost(secret);
      return oidc.discovery(new URL(issuer), clientId, undefined, auth, { execute: [oidc.allowInsecureRequests] });
    },
    browser: () => new Browser(issuer),
    close: () => server.close(),
  };
}

/**
 * Waits until a running server's provider knows a client id saved by another process: an unknown
 * id is looked up again at most four times a second (catalog/app-registry.ts), so the next request may
 * still be refused. Asks the authorization endpoint, as an app's redirect would, until it stops
 * answering invalid_client.
 */
export async function untilProviderKnows(serverUrl: string, clientId: string): Promise<void> {
  await waitUntilAsync(async () => {
    const response = await fetch(`${serverUrl}/oidc/auth?client_id=${encodeURIComponent(clientId)}`, { redirect: 'manual' });
    return !(await response.text()).includes('invalid_client');
  }, { timeoutMs: 5000, everyMs: 50, failure: () => `the server at ${serverUrl} does not know the client ${clientId}` });
}

export interface CodeFlowStart {
  url: URL;
  verifier: string;
  state: string;
  nonce: string;
}

export async function authorizationUrl(rp: oidc.Configuration, params: Record<string, string> = {}): Promise<CodeFlowStart> {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(rp, {
    redirect_uri: REDIRECT_URI, scope: 'openid profile phone groups', state, nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256', ...params,
  });
  return { url, verifier, state, nonce };
}

/** The whole front channel: the browser goes to the authorize URL and comes back with the code. */
export async function codeFlow(rp: oidc.Configuration, browser: Browser, params: Record<string, string> = {}) {
  const start = await authorizationUrl(rp, params);
  const { url } = await browser.follow(start.url.href, REDIRECT_URI);
  return { start, callback: url };
}

export async function exchange(rp: oidc.Configuration, flow: Awaited<ReturnType<typeof codeFlow>>) {
  return oidc.authorizationCodeGrant(rp, flow.callback, {
    pkceCodeVerifier: flow.start.verifier, expectedState: flow.start.state, expectedNonce: flow.start.nonce,
  });
}
