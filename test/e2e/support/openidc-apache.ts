// Apache with Debian's mod_auth_openidc (2.4) as an OpenID Connect relying party protecting
// /secret/: configured from the portal's discovery document, the code flow with PKCE and a client
// secret, the user named by preferred_username, and Back-Channel Logout at its redirect URI
// (?logout=backchannel), which ends the Apache session the logout token's sid names. The page shows
// who is signed in through SSI (the OIDC_CLAIM_* variables the module sets), no script.
import type { Page } from 'playwright-core';
import { freePortOn, startApache, type ApacheApp } from '../../helpers/apache.ts';

export interface OidcApacheApp extends ApacheApp {
  redirectUri: string;
  backchannelLogoutUri: string;
}

const PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>@TITLE@</title></head><body><main>
<h1>@TITLE@</h1><p id="user">已登录：<!--#echo var="REMOTE_USER" --></p>
<p id="name"><!--#echo var="OIDC_CLAIM_name" --></p></main></body></html>
`;

/** Where the app will listen, known before it starts (the client is registered with these URIs first). */
export async function reserveOidcApache(host: string): Promise<{ port: number; origin: string; redirectUri: string; backchannelLogoutUri: string }> {
  const port = await freePortOn(host);
  const origin = `http://${host}:${port}`;
  const redirectUri = `${origin}/secret/redirect_uri`;
  return { port, origin, redirectUri, backchannelLogoutUri: `${redirectUri}?logout=backchannel` };
}

export async function startOidcApache(
  issuer: string,
  host: string,
  reserved: { port: number; redirectUri: string; backchannelLogoutUri: string },
  client: { id: string; secret: string },
  title: string,
): Promise<OidcApacheApp> {
  const app = await startApache({
    host, port: reserved.port,
    modules: [['auth_openidc_module', 'mod_auth_openidc.so']],
    logLevel: 'info auth_openidc:debug',
    config: `OIDCProviderMetadataURL ${issuer}/.well-known/openid-configuration
OIDCClientID ${client.id}
OIDCClientSecret ${client.secret}
OIDCRedirectURI ${reserved.redirectUri}
OIDCCryptoPassphrase throw-away-${Math.random().toString(36).slice(2)}
OIDCScope "openid profile"
OIDCPKCEMethod S256
OIDCRemoteUserClaim preferred_username
OIDCSessionType server-cache
OIDCCacheType shm
<Location /secret>
  AuthType openid-connect
  Require valid-user
</Location>`,
    files: { 'htdocs/secret/index.html': PAGE.replaceAll('@TITLE@', title), 'htdocs/index.html': `<!doctype html><title>${title}</title><p>公开页</p>\n` },
  });
  return { ...app, redirectUri: reserved.redirectUri, backchannelLogoutUri: reserved.backchannelLogoutUri };
}

/** Whether the app would send this browser to the portal (its session there is gone). */
export async function appSendsToPortal(page: Page, url: string, issuer: string): Promise<boolean> {
  const answer = await page.context().request.get(url, { maxRedirects: 0 });
  return answer.status() === 302 && (answer.headers().location ?? '').startsWith(`${issuer}/`);
}
