// Issue 13, finding 6 (Medium): enumeration. GET /api/admin/user/details?phone= returned the
// username, and registration answered "username taken" / "phone taken" before checking the SMS
// code. Now the look-up says only taken or free (data non-null without account data, as the spec
// reads it) and is rate limited; registration checks the code first, so a wrong code answers the
// same whether the name or phone is taken.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';

const WRONG_CODE = { code: 'AU00110', errorCode: 'AU00110', msg: '验证码错误或已过期', data: null };

for (const backend of testBackends()) {
  describe(`finding 6: no account data through look-ups or registration answers (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { userLookupPerMinute: 5 });
    });
    after(() => t.close());

    it('user/details by phone or name says taken, never whose', async () => {
      const c = t.client();
      const byPhone = await c.get('/api/admin/user/details?phone=13800000001');
      assert.deepEqual(byPhone.body, { code: 200, msg: 'success', data: { taken: true } });
      assert.doesNotMatch(JSON.stringify(byPhone.body), /dealer01|zhangwei/);
      assert.deepEqual((await c.get('/api/admin/user/details?username=zhangwei')).body.data, { taken: true });
      assert.equal((await c.get('/api/admin/user/details?phone=13700000001')).body.data, null);
    });

    it('user/details is rate limited per client', async () => {
      const c = t.client();
      let last = 0;
      for (let i = 0; i < 6; i++) last = (await c.get(`/api/admin/user/details?username=probe${i}`)).status;
      assert.equal(last, 429);
    });

    it('registration with a wrong code answers the same for a taken name, a taken phone and free ones', async () => {
      const c = t.client();
      const password = await c.encrypt('Reg@2026enum');
      const answers = [];
      for (const [username, phone] of [['zhangwei', '13900000661'], ['freename1', '13800000001'], ['freename2', '13900000662']]) {
        const res = await c.post('/api/admin/register/user', { json: { username, phone, smsCode: '123456', password } });
        answers.push(res.body);
      }
      assert.deepEqual(answers, [WRONG_CODE, WRONG_CODE, WRONG_CODE]);
    });
  });
}
