// Scaled out: two instances on one PostgreSQL and one Redis serve one CAS and one SAML flow. A
// ticket issued by B is redeemed on A, once (the second try, on B, is refused); a SAML request
// answered by A is a replay on B. Cookies are the browser's: one jar for both instances.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../server/context.ts';
import { createServer } from '../../../server/server.ts';
import { dropPostgresSchema } from '../../../server/storage/database.ts';
import { deleteRedisKeys } from '../../../server/storage/redis-client.ts';
import { Client, DEMO } from '../../helpers/test-app.ts';
import { testConfig } from '../../helpers/start-server.ts';
import { announceSkip, PG_URL, REDIS_URL, servicesMissing } from '../scale/services.ts';
import { addCasService, raw, ticketOf, validateUrl } from './cas-helpers.ts';
import { formOf, localPath, registerTestSp } from '../saml/saml-sp.ts';
import { CookieJar } from '../../helpers/cookie-jar.ts';

const missing = await servicesMissing();
if (missing) announceSkip('CAS / SAML two-instance suite', missing);

const SERVICE = 'https://erp.example.com/app/';

describe('two instances on PostgreSQL + Redis serve one CAS and one SAML flow', { skip: missing ?? false }, () => {
  const schema = `sso_cas_${crypto.randomBytes(5).toString('hex')}`;
  const prefix = `sso-cas-${crypto.randomBytes(5).toString('hex')}:`;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let aContext: AppContext;
  const cleanups: (() => Promise<void>)[] = [];

  before(async () => {
    const shared = { databaseUrl: PG_URL, databaseSchema: schema, redisUrl: REDIS_URL, redisKeyPrefix: prefix, publicUrl: 'http://localhost:8080' };
    const first = testConfig({ ...shared, seedDemoData: true });
    cleanups.push(first.cleanup);
    ({ app: a, ctx: aContext } = await createServer(first.config));
    await a.ready();
    const second = testConfig({ ...shared, sm2KeyFile: first.config.sm2KeyFile });
    cleanups.push(second.cleanup);
    ({ app: b } = await createServer(second.config));
    await b.ready();
  });
  after(async () => {
    await a?.close();
    await b?.close();
    for (const cleanup of cleanups) await cleanup().catch(() => {});
    await dropPostgresSchema(PG_URL, schema);
    await deleteRedisKeys(REDIS_URL, prefix);
  });

  /** The same browser (one cookie jar) talking to instance `app`. */
  const browserOn = (app: FastifyInstance, jar: CookieJar): Client => new Client(app, 'localhost', jar);

  test('a ticket issued on B is redeemed on A, once; a SAML request answered on A is a replay on B', async () => {
    await addCasService(aContext, 'erp', [`${SERVICE}*`]);
    const jar = new CookieJar();
    assert.equal((await browserOn(a, jar).login('zhangwei', DEMO.zhangwei)).body.code, 200);
    // B learns of the new service at its next look (catalog/app-registry.ts).
    const issued = await raw(b, 'GET', `/cas/login?service=${encodeURIComponent(SERVICE)}`, browserOn(b, jar));
    const ticket = ticketOf(issued.location);
    assert.match((await raw(a, 'GET', validateUrl('p3/serviceValidate', ticket, SERVICE))).body, /<cas:user>zhangwei</);
    assert.match((await raw(b, 'GET', validateUrl('p3/serviceValidate', ticket, SERVICE))).body, /code="INVALID_TICKET"/);

    const sp = await registerTestSp({ app: a, ctx: aContext }, 'crm');
    const { context } = sp.sp.createLoginRequest(sp.idp, 'redirect') as { context: string };
    const onA = await raw(a, 'GET', localPath(context), browserOn(a, jar));
    assert.match(Buffer.from(formOf(onA.body).fields.SAMLResponse!, 'base64').toString(), /status:Success/);
    const onB = await raw(b, 'GET', localPath(context), browserOn(b, jar));
    assert.match(Buffer.from(formOf(onB.body).fields.SAMLResponse!, 'base64').toString(), /status:RequestDenied/);
  });
});
