// Issue 13, finding 1 (High): SMS-code guessing beat the 5-try limit with parallel requests, and a
// `name` in the SMS-login request moved the per-account queue and limit off the phone. Now tries
// are counted atomically on the phone (one SQL statement / one Redis script): 30 parallel wrong
// codes over two instances get at most 5 "wrong code" answers, then the code is burned (even the
// right digits are refused) until a new one is sent. The same for the registration code, and the
// send cooldown: two parallel sends, one SMS. SQLite, PostgreSQL, PostgreSQL + Redis.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { testBackends } from '../../helpers/test-app.ts';
import { startTwoInstances, type TwoInstances } from '../security/two-instances.ts';

const WRONG = 'AU00110';
const BURNED = { code: 'AU00113', errorCode: 'AU00113', msg: '验证码错误次数过多，已失效，请重新获取验证码', data: null };
const PARALLEL = 30;

for (const backend of testBackends()) {
  describe(`finding 1: SMS-code guessing with parallel requests (${backend.name})`, () => {
    let two: TwoInstances;
    before(async () => {
      // Limits that would otherwise stop the burst before the code does: only the code may.
      two = await startTwoInstances(backend, { sensitivePerMinute: 1000, loginPerAccountPerMinute: 1000 });
    });
    after(() => two.close());

    async function sendLoginCode(phone: string): Promise<string> {
      two.clock.advance(61_000);
      assert.equal((await two.client(0).get(`/api/centerAuth/msg/login/send?phone=${phone}`)).body.code, 200);
      return two.outbox(phone).at(-1)!;
    }

    it('30 parallel wrong codes (each with its own name, over two instances) get at most 5 wrong-code answers, then even the right code is refused', async () => {
      const phone = '13800000001';
      const code = await sendLoginCode(phone);
      const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => two.client(i).post('/api/centerAuth/sso/doLogin', {
        form: { phone, code: wrong(i), loginType: '1', name: `guess${i}-${crypto.randomBytes(3).toString('hex')}` },
      })));
      const codes = answers.map((answer) => answer.body.code);
      assert.ok(codes.every((c) => c === WRONG || c === 'AU00113'), codes.join(','));
      assert.ok(codes.filter((c) => c === WRONG).length <= 5, `wrong-code answers: ${codes.filter((c) => c === WRONG).length}`);
      const right = await two.client(1).post('/api/centerAuth/sso/doLogin', { form: { phone, code, loginType: '1' } });
      assert.deepEqual(right.body, BURNED, 'the code is burned');
      // A new code works again.
      const fresh = await sendLoginCode(phone);
      assert.equal((await two.client(0).post('/api/centerAuth/sso/doLogin', { form: { phone, code: fresh, loginType: '1' } })).body.code, 200);
    });

    it('a phone without an account burns the same way (the answers do not reveal accounts)', async () => {
      const phone = '13700000099';
      await sendLoginCode(phone);
      assert.deepEqual(two.outbox(phone), [], 'no SMS to a phone without an account');
      const codes = [];
      for (let i = 0; i < 6; i++) codes.push((await two.client(i).post('/api/centerAuth/sso/doLogin', { form: { phone, code: '000000', loginType: '1' } })).body.code);
      assert.deepEqual(codes, [WRONG, WRONG, WRONG, WRONG, WRONG, 'AU00113']);
    });

    it('the registration code: 30 parallel wrong codes, at most 5 wrong-code answers, then burned', async () => {
      const phone = '13900000551';
      two.clock.advance(61_000);
      assert.equal((await two.client(0).get(`/api/admin/mobile/${phone}`)).body.code, 200);
      const code = two.outbox(phone).at(-1)!;
      const password = await two.client(0).encrypt('Reg@2026guess');
      const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => two.client(i).post('/api/admin/register/user', {
        json: { username: `guess${i}`, phone, smsCode: wrong(i), password },
      })));
      const codes = answers.map((answer) => answer.body.code);
      assert.ok(codes.filter((c) => c === WRONG).length <= 5, codes.join(','));
      const right = await two.client(1).post('/api/admin/register/user', { json: { username: 'guessright', phone, smsCode: code, password } });
      assert.deepEqual(right.body, BURNED);
    });

    it('two parallel sends (one per instance) produce one SMS; the other answers 验证码发送过于频繁', async () => {
      for (const [phone, url] of [['13800000002', '/api/centerAuth/msg/login/send?phone=13800000002'], ['13900000552', '/api/admin/mobile/13900000552']] as const) {
        two.clock.advance(61_000);
        const before = two.outbox(phone).length;
        const answers = await Promise.all([two.client(0).get(url), two.client(1).get(url)]);
        assert.deepEqual(answers.map((a) => a.body.code).sort(), [200, 'AU00111'].sort(), url);
        assert.equal(two.outbox(phone).length - before, 1, `${url}: one SMS`);
      }
    });
  });
}
