// The pages the peer bench loads: one plain page per widget, each as its vendor's quick-start
// writes it (the vendor's production build, its stylesheet, the configuration the quick-start
// uses), with the vendor's hosts replaced by our local bench server (location.origin). Our own
// element is on the same kind of page (a brand site embedding the script) and on the portal.
// The fixtures a page needs at start are in fixtures/ (see fixtures/README.md). The floor is the
// same kind of page with a plain HTML form and no script at all: what no widget can beat.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DESCOPE_UI_PATH, DESCOPE_WC_PATH } from './vendor-files.ts';

const EMBEDDING_DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'docs', 'embedding.md');
/** The demo data's domain of the exeed group (server/seed/demo-data.json), for the doc's example one. */
export const BRAND_SSO_DOMAIN = 'exeed.localhost';

/**
 * The two lines a brand site pastes, read from docs/embedding.md ("Paste two lines"), so the bench
 * measures what the doc tells people to do: SSO-HOST becomes our server itself ("{{SSO_ORIGIN}}",
 * filled in when the page is served), another origin than the bench server that serves the page,
 * as a brand site's is (the bench registers the page's origin for the group, as docs/embedding.md
 * step 1 tells an administrator to), and the doc's example sso-domain the demo group's domain.
 */
export function embeddingLines(doc = fs.readFileSync(EMBEDDING_DOC, 'utf8')): string {
  const block = /## 2\. Paste two lines[^\n]*\n+```html\n([\s\S]*?)\n```/.exec(doc)?.[1];
  if (!block || !block.includes('<sso-login')) throw new Error('docs/embedding.md has no "Paste two lines" html block with <sso-login>');
  return block.replaceAll('https://SSO-HOST', '{{SSO_ORIGIN}}').replace(/sso-domain="[^"]*"/, `sso-domain="${BRAND_SSO_DOMAIN}"`);
}

export type PageKind = 'ours' | 'peer' | 'floor';

export interface PeerPage {
  /** Shown in the tables. */
  name: string;
  /** Ours, a peer widget (the "fastest peer" is one of these), or the no-script floor. */
  kind: PageKind;
  /** Short id: the page is served at /peers/<id>.html ("{{ORIGIN}}" in it becomes the bench server's origin, "{{SSO_ORIGIN}}" our server's). */
  id: string;
  /** Package and version source, for the report. */
  packageName: string | null;
  html: string;
  /** Its vendor files, compressed before the first load (a CDN has them ready). */
  assets: string[];
}

const page = (title: string, head: string, body: string): string => `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>${title}</title><meta name="viewport" content="width=device-width, initial-scale=1">${head}</head>
<body>
${body}
</body>
</html>
`;

export const PEER_PAGES: PeerPage[] = [
  {
    name: 'ours: <sso-login> on a brand page',
    kind: 'ours',
    id: 'sso-login',
    packageName: null,
    html: page('品牌站点', '', embeddingLines()),
    assets: [],
  },
  {
    // Okta's embedded quick-start: the CDN bundle and stylesheet, OktaSignIn with issuer, clientId,
    // redirectUri; the Identity Engine interaction code flow (the default of v7).
    name: 'Okta Sign-In Widget',
    kind: 'peer',
    id: 'okta',
    packageName: '@okta/okta-signin-widget',
    html: page('Okta', '<link href="/vendor/okta/css/okta-sign-in.min.css" type="text/css" rel="stylesheet">', `<div id="osw-container"></div>
<script src="/vendor/okta/js/okta-sign-in.min.js" type="text/javascript"></script>
<script>
  const signIn = new OktaSignIn({
    issuer: location.origin + '/oauth2/default',
    clientId: '0oabenchclient000001',
    redirectUri: location.origin + '/login/callback',
    scopes: ['openid', 'profile', 'email'],
  });
  signIn.showSignIn({ el: '#osw-container' });
</script>`),
    assets: ['/vendor/okta/js/okta-sign-in.min.js', '/vendor/okta/css/okta-sign-in.min.css'],
  },
  {
    // Authing's quick-start for plain JavaScript: the global build from its CDN and its stylesheet,
    // new GuardFactory.Guard({ appId, host, redirectUri }), guard.start(container).
    name: 'Authing Guard',
    kind: 'peer',
    id: 'authing',
    packageName: '@authing/guard',
    html: page('Authing Guard', '<link rel="stylesheet" href="/vendor/authing/global/guard.min.css">', `<div id="authing-guard-container"></div>
<script src="/vendor/authing/global/guard.min.js"></script>
<script>
  const guard = new GuardFactory.Guard({
    appId: '6500000000000000000bench',
    host: location.origin,
    redirectUri: location.origin + '/callback',
  });
  guard.start('#authing-guard-container');
</script>`),
    assets: ['/vendor/authing/global/guard.min.js', '/vendor/authing/global/guard.min.css'],
  },
  {
    // Auth0's Lock quick-start: lock.min.js, new Auth0Lock(clientId, domain), lock.show(). The CDN's
    // lock.min.js is the npm package's lib/ bundled and minified (the npm package ships no build);
    // configurationBaseUrl and languageBaseUrl point its two start-up fetches (client configuration,
    // English dictionary) at the bench server instead of Auth0's CDN. Its third, the SSO-session
    // check (https://<domain>/user/ssodata), fails at once on this plain-http server, and Lock then
    // renders as for a visitor without an SSO session, which the fixture would say anyway.
    name: 'Auth0 Lock',
    kind: 'peer',
    id: 'auth0',
    packageName: 'auth0-lock',
    html: page('Auth0 Lock', '', `<script src="/vendor/auth0/lock.min.js"></script>
<script>
  const lock = new Auth0Lock('benchClientId0000000000000000001', location.host, {
    configurationBaseUrl: location.origin + '/auth0-cdn',
    languageBaseUrl: location.origin + '/auth0-cdn',
    auth: { redirectUrl: location.origin + '/callback', responseType: 'code' },
  });
  lock.show();
</script>`),
    assets: ['/vendor/auth0/lock.min.js'],
  },
  {
    // Descope's quick-start for plain HTML: the web component's build from its CDN and a
    // <descope-wc project-id flow-id>; base-url (API and static content) and base-cdn-url (where it
    // loads @descope/web-components-ui from) point at the bench server instead of Descope's hosts.
    // It renders the flow's first screen from the project's published files (config.json, theme.json,
    // the screen's HTML), without an API call: the flow starts on the first submit.
    name: 'Descope web component',
    kind: 'peer',
    id: 'descope',
    packageName: '@descope/web-component',
    html: page('Descope', '', `<div id="descope-container"></div>
<script src="${DESCOPE_WC_PATH}index.js"></script>
<script>
  const flow = document.createElement('descope-wc');
  flow.setAttribute('project-id', 'P2benchbenchbenchbenchbench01');
  flow.setAttribute('flow-id', 'sign-in');
  flow.setAttribute('theme', 'light');
  flow.setAttribute('base-url', location.origin);
  flow.setAttribute('base-cdn-url', location.origin);
  document.getElementById('descope-container').append(flow);
</script>`),
    assets: [`${DESCOPE_WC_PATH}index.js`, `${DESCOPE_UI_PATH}index.js`],
  },
  {
    // The floor: the same page with the same three controls as a plain HTML form, no script and no
    // stylesheet. Our rows are also given as a ratio to it.
    name: 'floor: plain HTML <form>, no script',
    kind: 'floor',
    id: 'floor',
    packageName: null,
    html: page('品牌站点', '', `<form method="post" action="/login">
<label>用户名 <input name="username" autocomplete="username" required></label>
<label>密码 <input type="password" name="password" autocomplete="current-password" required></label>
<button type="submit">登录</button>
</form>`),
    assets: [],
  },
];
