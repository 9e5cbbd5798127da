// Issue 13, finding 10 (Low): the /tenant/list signing secret ships inside the public widget, so
// the signature proves nothing about the caller. Now docs/security.md says plainly what it is for
// (integrity against casual tampering and replay, as in the original system, not authentication),
// and the route is rate limited per client.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tenantSignature } from '../../../server/crypto/signature.ts';
import { REPO_ROOT } from '../../helpers/start-server.ts';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';

for (const backend of testBackends()) {
  describe(`finding 10: /tenant/list is rate limited (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { userLookupPerMinute: 3 });
    });
    after(() => t.close());

    it('answers 429 past the per-minute budget, even with valid signatures', async () => {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const timestamp = String(t.clock.now());
        const nonce = `rate-${i}`;
        const headers = { signature: tenantSignature(t.config.signSecret, nonce, '/tenant/list', timestamp), nonce, timestamp, url: '/tenant/list' };
        statuses.push((await t.client().get('/api/tenant/list', { headers })).status);
      }
      assert.deepEqual(statuses, [200, 200, 200, 429, 429]);
    });
  });
}

describe('finding 10: docs/security.md says what the signature is for', () => {
  it('integrity against casual tampering, not authentication', () => {
    const text = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'security.md'), 'utf8');
    const section = text.slice(text.indexOf('/tenant/list'));
    assert.match(section, /not authentication/i);
    assert.match(section, /tamper/i);
  });
});
