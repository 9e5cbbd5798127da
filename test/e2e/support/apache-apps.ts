// The relying parties of the CAS and SAML journeys: Debian's Apache with mod_auth_cas (CAS 3.0,
// validating at p3/serviceValidate, single sign-out on) protecting /secret/, whose page shows the
// signed-in user and the attributes mod_auth_cas passes on (SSI, no script).
import type { Page } from 'playwright-core';
import { freePortOn, startApache, type ApacheApp } from '../../helpers/apache.ts';

export const SECRET_PAGE = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>@TITLE@</title></head><body><main>
<h1>@TITLE@</h1><p id="user">已登录：<!--#echo var="REMOTE_USER" --></p>
<p id="groups"><!--#echo var="HTTP_CAS_GROUPS" --></p><p id="phone"><!--#echo var="HTTP_CAS_PHONE" --></p></main></body></html>
`;

export async function startCasApache(portal: string, host: string, title: string): Promise<ApacheApp> {
  const port = await freePortOn(host);
  return startApache({
    host, port,
    modules: [['auth_cas_module', 'mod_auth_cas.so']],
    writableDirs: ['cas-cache'],
    config: `CASLoginURL ${portal}/cas/login
CASValidateURL ${portal}/cas/p3/serviceValidate
CASCookiePath @DIR@/cas-cache/
CASVersion 2
CASSSOEnabled On
CASTimeout 7200
CASIdleTimeout 3600
<Location /secret>
  AuthType CAS
  # Also what passes the ticket's attributes on, as CAS-<name> request headers.
  CASAuthNHeader CAS-User
  Require valid-user
</Location>`,
    files: { 'htdocs/secret/index.html': SECRET_PAGE.replaceAll('@TITLE@', title), 'htdocs/index.html': `<!doctype html><title>${title}</title><p>公开页</p>\n` },
  });
}

/**
 * Polls the protected page with the browser's cookies (the page's context) until the app sends it
 * to the CAS login again: mod_auth_cas dropped the session the logoutRequest named.
 */
export async function untilSignedOut(page: Page, url: string, issuer: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await page.context().request.get(url, { maxRedirects: 0 });
    if (answer.status() === 302 && answer.headers().location?.startsWith(`${issuer}/cas/login?`)) return;
    if (Date.now() > deadline) throw new Error(`the app still signed in ${timeoutMs} ms after the portal's sign-out (${answer.status()})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
