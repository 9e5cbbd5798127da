// The pages the peer bench loads: one plain page per widget, each as its vendor's quick-start
// writes it (the vendor's production build, its stylesheet, the configuration the quick-start
// uses), with the vendor's hosts replaced by our local bench server (location.origin). Our own
// element is on the same kind of page (a brand site embedding the script) and on the portal.
// The fixtures a page needs at start are in fixtures/ (see fixtures/README.md).

export interface PeerPage {
  /** Shown in the tables. */
  name: string;
  /** Short id: the page is served at /peers/<id>.html. */
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
    id: 'sso-login',
    packageName: null,
    html: page('品牌站点', '', `<sso-login brand="exeed"></sso-login>
<script type="module" src="/widget/sso-widget.js"></script>`),
    assets: [],
  },
  {
    // Okta's embedded quick-start: the CDN bundle and stylesheet, OktaSignIn with issuer, clientId,
    // redirectUri; the Identity Engine interaction code flow (the default of v7).
    name: 'Okta Sign-In Widget',
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
];
