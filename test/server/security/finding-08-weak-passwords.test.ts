// Issue 13, finding 8 (Low): "Passw0rd!"-style passwords passed. Now registration, password change
// and the admin CLI refuse common and patterned passwords (zxcvbn with the maintained common and
// English dictionaries of @zxcvbn-ts, not a hand-typed list) and passwords containing the username
// or the phone; the Chinese message says why; passwords up to 64 characters are accepted.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PasswordProblems } from '../../../contract/rules/password.ts';
import { passwordProblem } from '../../../server/auth/password-policy.ts';
import { runAdminCli } from '../../helpers/admin-cli.ts';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';

const weak = (msg: string) => ({ code: 'AU00103', errorCode: 'AU00103', msg, data: null });
const COMMON = ['Passw0rd!', 'P@ssw0rd123', 'Qwerty123!', 'Welcome1!', 'Aa123456!', 'Changeme1!', 'Admin@123'];
const LONG_STRONG = 'Tea-Kettle#Lantern-9-Orbit'.padEnd(64, 'x');

describe('finding 8: the password policy', () => {
  it('refuses common and patterned passwords with the reason', async () => {
    for (const password of COMMON) assert.equal(await passwordProblem(password, { username: 'dealer9' }), PasswordProblems.common, password);
  });

  it('refuses the username and the phone inside the password', async () => {
    assert.equal(await passwordProblem('Xy#Dealer9-Lantern', { username: 'dealer9' }), PasswordProblems.containsUsername);
    assert.equal(await passwordProblem('Xy#13912345678-Lan', { username: 'dealer9', phone: '13912345678' }), PasswordProblems.containsPhone);
  });

  it('accepts up to 64 characters, refuses 65', async () => {
    assert.equal(LONG_STRONG.length, 64);
    assert.equal(await passwordProblem(LONG_STRONG, { username: 'dealer9' }), null);
    assert.equal(await passwordProblem(LONG_STRONG + 'y', { username: 'dealer9' }), PasswordProblems.shape);
  });
});

for (const backend of testBackends()) {
  describe(`finding 8: registration, password change and the CLI use the policy (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend);
    });
    after(() => t.close());

    it('registration refuses Passw0rd! and a password holding the phone, with the reason', async () => {
      const c = t.client();
      const phone = '13900000881';
      t.clock.advance(61_000);
      await c.get(`/api/admin/mobile/${phone}`);
      const smsCode = t.lastSmsCode(phone)!;
      const register = async (password: string) =>
        (await c.post('/api/admin/register/user', { json: { username: 'weakling1', phone, smsCode, password: await c.encrypt(password) } })).body;
      assert.deepEqual(await register('Passw0rd!'), weak(PasswordProblems.common));
      assert.deepEqual(await register(`Ab#${phone}`), weak(PasswordProblems.containsPhone));
      assert.equal((await register(LONG_STRONG)).code, 200, 'a 64-character password');
    });

    it('password change refuses a common password', async () => {
      const c = t.client();
      const res = await c.post('/api/centerAuth/user/changePassword', {
        form: {
          userName: 'zhangwei', oldPassword: await c.encrypt(DEMO.zhangwei),
          newPassword: await c.encrypt('P@ssw0rd123'), confirmPassword: await c.encrypt('P@ssw0rd123'),
        },
      });
      assert.deepEqual(res.body, weak(PasswordProblems.common));
    });

    it('npm run admin -- add-user refuses a common password with the reason', async () => {
      const refused = await runAdminCli(t.config, ['add-user', 'cliweak'], {}, 'Passw0rd!\n');
      assert.equal(refused.status, 2, 'refused as bad input');
      assert.match(refused.stderr, /密码过于常见/);
      assert.equal(await t.ctx.stores.users.findUserByName('cliweak'), null);
    });
  });
}
