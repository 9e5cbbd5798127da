// doLogin takes the login page's view parameter (spec: view, default odin), which <sso-login> sends
// with every password and mobile login; an unknown field is still refused.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';

const [sqlite] = testBackends();

describe('doLogin view parameter', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp(sqlite!);
  });
  after(() => t.close());

  it('a password login with view=odin signs in', async () => {
    const c = t.client();
    const res = await c.login('zhangwei', DEMO.zhangwei, { view: 'odin', clientId: 'portal' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { code: 200, msg: 'success', data: { username: 'zhangwei', redirect: '/home' } });
  });

  it('a view longer than 64 characters, or a field doLogin does not know, is refused', async () => {
    const c = t.client();
    const long = await c.login('zhangwei', DEMO.zhangwei, { view: 'x'.repeat(65) });
    assert.equal(long.status, 400);
    const unknown = await c.login('zhangwei', DEMO.zhangwei, { platform: 'odin' });
    assert.equal(unknown.status, 400);
  });
});
