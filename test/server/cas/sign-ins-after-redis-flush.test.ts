// Which CAS services and SAML SPs a portal session signed into is what their single logout needs
// (like the OIDC provider's sessions, review finding 2): scaled out it lives in PostgreSQL, so a
// Redis flush (the deletion of every key of the deployment's prefix) does not lose it, and a
// sign-out after the flush still finds every app to sign out. On the other modes nothing is flushed
// and the records stay as well.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { compose } from '../../../server/compose.ts';
import type { AppContext } from '../../../server/context.ts';
import { CasTickets } from '../../../server/cas/cas-tickets.ts';
import { SamlRecords } from '../../../server/saml/saml-sign-ins.ts';
import { deleteRedisKeys } from '../../../server/storage/redis-client.ts';
import { testConfig } from '../../helpers/start-server.ts';
import { testBackends } from '../../helpers/test-app.ts';

for (const backend of testBackends()) describe(`CAS and SAML sign-ins after a Redis flush (${backend.name})`, () => {
  let ctx: AppContext;
  let cleanup: () => Promise<void>;
  before(async () => {
    const made = testConfig(backend.overrides);
    cleanup = made.cleanup;
    ctx = await compose(made.config);
  });
  after(async () => {
    await ctx.storage.close();
    await cleanup();
  });

  it('keeps the services and SPs of a portal session through the flush, for its single logout', async () => {
    const records = ctx.storage.oidcRecords;
    const cas = new CasTickets(records, Date.now, 3600_000);
    const saml = new SamlRecords(records, 3600_000);
    const idHash = crypto.randomBytes(16).toString('base64url');
    const ticket = await cas.issue({ service: 'https://cas-app.example.com/', clientId: 'cas-app', userId: 1, idHash, fresh: true, authTime: Date.now() });
    assert.equal((await cas.redeem(ticket)).ok, true);
    await saml.addSignIn(idHash, { spId: 'saml-app', nameId: 'subject-1', nameIdFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent', sessionIndex: 'index-1' });
    assert.equal((await cas.signInsOf(idHash)).length, 1);

    const { redisUrl, redisKeyPrefix } = ctx.config;
    if (redisUrl) await deleteRedisKeys(redisUrl, redisKeyPrefix);

    assert.deepEqual((await cas.takeSignIns(idHash)).map((s) => s.clientId), ['cas-app']);
    assert.deepEqual((await saml.takeSignIns(idHash)).map((s) => s.spId), ['saml-app']);
  });
});
