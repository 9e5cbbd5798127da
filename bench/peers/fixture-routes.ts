// Which vendor request each fixture answers. The peers fetch their configuration from their
// vendor at start; on the bench those requests go to our local bench server (each page points
// the widget's host at location.origin) and are answered from these files, so each peer's own
// render path runs as in production, minus the network. What each file stands for:
// fixtures/README.md. "{{ORIGIN}}" in a fixture becomes the bench server's origin.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export interface FixtureRoute {
  method: 'GET' | 'POST';
  pattern: RegExp;
  file: string;
  type: string;
}

export const FIXTURE_ROUTES: FixtureRoute[] = [
  // Okta Identity Engine: the authorization server's discovery document, the start of the
  // interaction code flow, then the first IDX step (identify with password).
  { method: 'GET', pattern: /^\/oauth2\/default\/\.well-known\/openid-configuration$/, file: 'okta-openid-configuration.json', type: 'application/json' },
  { method: 'POST', pattern: /^\/oauth2\/default\/v1\/interact$/, file: 'okta-interact.json', type: 'application/json' },
  { method: 'POST', pattern: /^\/idp\/idx\/introspect$/, file: 'okta-introspect.json', type: 'application/ion+json; okta-version=1.0.0' },
  // Authing: the application's public configuration and Guard's component configuration.
  { method: 'GET', pattern: /^\/api\/v2\/applications\/[^/]+\/public-config$/, file: 'authing-public-config.json', type: 'application/json' },
  { method: 'GET', pattern: /^\/api\/v2\/applications\/[^/]+\/components-public-config\/guard$/, file: 'authing-guard-config.json', type: 'application/json' },
  // Authing: the icon sprite Guard fetches from its CDN (cdnBase of the public configuration).
  { method: 'GET', pattern: /^\/authing-cdn\/svg-string\/guard$/, file: 'authing-svg-sprite.svg', type: 'image/svg+xml' },
  // Authing: "who is signed in?" (GraphQL user query) for a visitor without a session.
  { method: 'POST', pattern: /^\/graphql\/v2$/, file: 'authing-graphql-user.json', type: 'application/json' },
  // Auth0: the client configuration script (JSONP) Lock loads from Auth0's CDN.
  { method: 'GET', pattern: /^\/auth0-cdn\/client\/[^/]+\.js$/, file: 'auth0-client.js', type: 'text/javascript; charset=utf-8' },
  // Descope: the project's static content (<base-url>/pages/<projectId>/v2-beta/...): its
  // configuration (components version, the flow's start screen), its theme, and the sign-in
  // flow's first screen, which the component shows without asking the API (flow start waits for
  // the first submit).
  { method: 'GET', pattern: /^\/pages\/[^/]+\/v2-beta\/config\.json$/, file: 'descope/config.json', type: 'application/json' },
  { method: 'GET', pattern: /^\/pages\/[^/]+\/v2-beta\/theme\.json$/, file: 'descope/theme.json', type: 'application/json' },
  { method: 'GET', pattern: /^\/pages\/[^/]+\/v2-beta\/SC2benchSignInPassword0000001\.html$/, file: 'descope/SC2benchSignInPassword0000001.html', type: 'text/html; charset=utf-8' },
];

export function fixtureFor(method: string, urlPath: string, origin: string): { type: string; body: string } | null {
  const route = FIXTURE_ROUTES.find((r) => (r.method === method || (method === 'HEAD' && r.method === 'GET')) && r.pattern.test(urlPath));
  if (!route) return null;
  const body = fs.readFileSync(path.join(FIXTURES, route.file), 'utf8').replaceAll('{{ORIGIN}}', origin);
  return { type: route.type, body };
}
