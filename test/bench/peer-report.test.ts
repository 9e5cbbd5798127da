// The peer bench's verdicts: a widget that did not render is named and never gets a figure, the
// speed-up is taken against the fastest peer that did render, and the README block comes from
// the run. Also: every fixture a route names exists and is what its type says.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { fixtureFor, FIXTURE_ROUTES } from '../../bench/peers/fixture-routes.ts';
import { APP_CENTER, FLOOR, OURS_BRAND, OURS_PORTAL, percentile, type PeerRun, type TargetResult } from '../../bench/peers/peer-bench.ts';
import { peerRows, speedTable, targetLines } from '../../bench/peers/peer-report.ts';
import type { LoadFigures } from '../../bench/peers/cold-load.ts';
import { BRAND_SSO_DOMAIN, embeddingLines, PEER_PAGES } from '../../bench/peers/peer-pages.ts';

const loads = (...ms: number[]): LoadFigures[] => ms.map((readyMs) => ({ readyMs, bytesBeforeReady: 80_000, requestsBeforeReady: 3, longTaskMs: 10 }));
const target = (name: string, packageName: string | null, one: number[], four: number[], failed: string | null = null): TargetResult => ({
  name,
  kind: name === FLOOR ? 'floor' : packageName === null ? 'ours' : 'peer',
  packageName,
  failed,
  loads: { 1: loads(...one), 4: loads(...four) },
});

const run: PeerRun = {
  loadsPerTarget: 3,
  unansweredRequests: [],
  results: [
    target(OURS_PORTAL, null, [140, 150, 160], [400, 420, 440]),
    target(OURS_BRAND, null, [100, 110, 120], [300, 310, 320]),
    target('Okta Sign-In Widget (@okta/okta-signin-widget 7)', '@okta/okta-signin-widget', [], [], 'did not render at 1x: timeout'),
    target('Authing Guard (@authing/guard 5)', '@authing/guard', [900, 1000, 1100], [3000, 3100, 3200]),
    target('Auth0 Lock (auth0-lock 14)', 'auth0-lock', [300, 330, 360], [500, 600, 700]),
    target(APP_CENTER, null, [200, 210, 220], [600, 610, 620]),
    target(FLOOR, null, [60, 70, 80], [150, 160, 170]),
  ],
};

test('a peer that did not render is named with the reason and has no figure', () => {
  const rows = peerRows(run).filter((r) => r.name.startsWith('Okta'));
  assert.equal(rows.length, 2);
  for (const row of rows) {
    assert.match(row.value, /^no figure: did not render at 1x: timeout$/);
    assert.doesNotMatch(row.value, /\d+(\.\d+)? ms/);
  }
  assert.match(speedTable(run, 'Chromium 1, Node v20, 2 CPUs', 'today', 'npm run bench -- peers --write'), /\| Okta Sign-In Widget[^|]*\| did not render \| did not render \| - \| - \|/);
});

test('the speed-up is against the fastest peer that rendered, at each CPU rate', () => {
  const rows = peerRows(run);
  const at1 = rows.find((r) => r.name === 'TARGET brand page vs the fastest peer at 1x')!;
  assert.match(at1.value, /^3\.00x faster than Auth0 Lock/);
  assert.equal(at1.pass, true);
  const at4 = rows.find((r) => r.name === 'TARGET brand page vs the fastest peer at 4x')!;
  assert.match(at4.value, /^1\.94x faster than Auth0 Lock/);
  assert.equal(at4.pass, false);
  const portalAt1 = rows.find((r) => r.name === 'TARGET portal / vs the fastest peer at 1x')!;
  assert.match(portalAt1.value, /^2\.20x faster than Auth0 Lock/);
  assert.equal(portalAt1.pass, true);
  const portalAt4 = rows.find((r) => r.name === 'TARGET portal / vs the fastest peer at 4x')!;
  assert.match(portalAt4.value, /^1\.43x faster than Auth0 Lock/);
  assert.equal(portalAt4.pass, false);
  const portal = rows.find((r) => r.name.startsWith('TARGET ours: <sso-login> on the portal'))!;
  assert.equal(portal.value, 'median 150.0 ms');
  assert.equal(portal.pass, true);
});

test('the floor is never the fastest peer, and our login pages are also given as a ratio to it', () => {
  const fasterFloor: PeerRun = { ...run, results: run.results.map((r) => (r.name === FLOOR ? { ...r, loads: { 1: loads(1, 2, 3), 4: loads(1, 2, 3) } } : r)) };
  assert.match(peerRows(fasterFloor).find((r) => r.name === 'TARGET brand page vs the fastest peer at 1x')!.value, /than Auth0 Lock/);
  const rows = peerRows(run);
  // portal median 150 over the floor's 70; brand page 110 over 70.
  const portal = rows.find((r) => r.name === 'TARGET portal / vs the no-script floor at 1x')!;
  assert.equal(portal.value, '2.14x the floor (70.0 ms)');
  assert.equal(portal.budget, '<= 1.5x');
  assert.equal(portal.pass, false);
  const brand = rows.find((r) => r.name === 'TARGET brand page vs the no-script floor at 1x')!;
  assert.equal(brand.value, '1.57x the floor (70.0 ms)');
  assert.equal(brand.pass, true);
  assert.match(rows.find((r) => r.name.startsWith(`${OURS_BRAND} at 4x`))!.value, /; 1\.94x the floor$/);
  assert.doesNotMatch(rows.find((r) => r.name.startsWith(`${APP_CENTER} at 1x`))!.value, /floor/);
  const lines = targetLines(rows);
  assert.ok(lines.includes('MISS portal / vs the no-script floor at 1x: 2.14x the floor (70.0 ms) (target <= 1.5x)'), lines.join('\n'));
  assert.ok(lines.some((l) => l.startsWith('PASS brand page vs the fastest peer at 1x: 3.00x faster')));
  assert.match(speedTable(run, 'm', 'today', 'c'), /\| ours: `<sso-login>` on a brand page \| 110 \/ 120 ms \| 310 \/ 320 ms \| 1\.57x \/ 1\.94x \|/);
});

test('with no peer rendered there is no speed-up to claim', () => {
  const alone: PeerRun = { ...run, results: run.results.map((r) => (r.kind === 'peer' ? { ...r, failed: 'did not render at 1x: x' } : r)) };
  const row = peerRows(alone).find((r) => r.name === 'TARGET brand page vs the fastest peer at 1x')!;
  assert.equal(row.pass, false);
  assert.match(row.value, /^no figure/);
});

test('p90 is the nearest-rank percentile', () => {
  assert.equal(percentile([5, 1, 4, 2, 3, 6, 7, 8, 9, 10], 90), 9);
  assert.equal(percentile([3, 1, 2], 90), 3);
});

test('every fixture route has its file, and JSON fixtures parse with the origin filled in', () => {
  for (const route of FIXTURE_ROUTES) {
    assert.ok(fs.existsSync(path.join('bench', 'peers', 'fixtures', route.file)), route.file);
  }
  const okta = fixtureFor('POST', '/idp/idx/introspect', 'http://127.0.0.1:1234')!;
  const idx = JSON.parse(okta.body) as { remediation: { value: Array<{ name: string; href: string }> } };
  assert.equal(idx.remediation.value[0]!.name, 'identify');
  assert.equal(idx.remediation.value[0]!.href, 'http://127.0.0.1:1234/idp/idx/identify');
  assert.equal(fixtureFor('GET', '/api/v2/applications/abc/public-config', 'http://x')!.type, 'application/json');
  assert.equal(fixtureFor('GET', '/nothing/here', 'http://x'), null);
});

test('the brand page is the two lines docs/embedding.md tells a brand site to paste, pointed at the bench server', () => {
  const doc = '## 2. Paste two lines (brand site)\n\n```html\n<script src="https://SSO-HOST/widget/sso-widget.iife.js"></script>\n' +
    '<sso-login brand="exeed" api-base="https://SSO-HOST/api" sso-domain="exeed.sso.example.com"></sso-login>\n```\n';
  assert.equal(embeddingLines(doc), `<script src="{{SSO_ORIGIN}}/widget/sso-widget.iife.js"></script>\n<sso-login brand="exeed" api-base="{{SSO_ORIGIN}}/api" sso-domain="${BRAND_SSO_DOMAIN}"></sso-login>`);
  assert.throws(() => embeddingLines('# no block'), /Paste two lines/);
  const brand = PEER_PAGES.find((p) => p.name === OURS_BRAND)!;
  assert.ok(brand.html.includes(embeddingLines()));
});
