// Sign-in through a company directory (issue 30) against a real slapd: the password is checked by
// binding as the person's DN, the account is created at once with its mapped memberships, a wrong
// password counts toward our lockout, an empty one never reaches the directory, injection names
// sign nobody in, a local account with the same name is never taken over, the second URL answers
// when the first is down, and when none answers directory people get their own message while
// local accounts sign in as before.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, DEMO, testBackends, type TestApp } from '../../helpers/test-app.ts';
import { Client } from 'ldapts';
import { startSlapd, PEOPLE, personDn, type Slapd } from '../../helpers/slapd.ts';
import { signInByDirectory } from '../../../server/directory/directory-sign-in.ts';
import { directoryInput } from '../../helpers/directory.ts';
import { saveDirectory } from '../../../server/directory/directory-admin.ts';

const DIRECTORY_DOWN = { code: 'AU00196', errorCode: 'AU00196', msg: '目录服务暂时不可用，请稍后再试', data: null };
const BAD_CREDENTIALS = { code: 'AU00100', errorCode: 'AU00100', msg: '用户名或密码错误', data: null };

let slapd: Slapd;
before(async () => { slapd = await startSlapd(); });
after(() => slapd.stop());

for (const backend of testBackends()) {
  describe(`sign-in through the directory (${backend.name})`, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { lockoutMaxFailures: 3 });
      await saveDirectory(t.ctx, directoryInput(slapd));
    });
    after(() => t.close());

    it('a directory person signs in with the directory password: the account is made at once with the mapped groups, and no password is stored', async () => {
      const c = t.client();
      const res = await c.login('alice', PEOPLE.alice.password);
      assert.deepEqual(res.body, { code: 200, msg: 'success', data: { username: 'alice', redirect: '/home' } });
      const user = await t.ctx.stores.users.findUserByName('alice');
      assert.equal(user?.directoryId, 'corp');
      assert.equal(user?.passwordHash, '');
      assert.equal(user?.phone, PEOPLE.alice.mobile);
      assert.equal(user?.displayName, PEOPLE.alice.cn, 'the name (nameAttribute) too');
      assert.deepEqual(await t.ctx.stores.memberships.groupsOf(user!.id), ['ka']);
      assert.equal((await c.get('/api/centerAuth/sso/isLogin')).body.data, true);
    });

    it('a sign-in refreshes the memberships: moved between groups in the directory, the next sign-in shows it', async () => {
      await slapd.addMember('sales', 'alice');
      await slapd.removeMember('engineering', 'alice');
      try {
        assert.equal((await t.client().login('alice', PEOPLE.alice.password)).body.code, 200);
        const user = await t.ctx.stores.users.findUserByName('alice');
        assert.deepEqual(await t.ctx.stores.memberships.groupsOf(user!.id), ['icar']);
      } finally {
        await slapd.addMember('engineering', 'alice');
        await slapd.removeMember('sales', 'alice');
      }
    });

    it('a wrong directory password is refused like a local one and counts toward the lockout', async () => {
      const c = t.client();
      assert.deepEqual((await c.login('bob', 'Wrong-pass-1')).body, BAD_CREDENTIALS);
      assert.deepEqual((await c.login('bob', 'Wrong-pass-2')).body, BAD_CREDENTIALS);
      const third = await c.login('bob', 'Wrong-pass-3');
      assert.equal(third.status, 423, 'the third failure locks (lockoutMaxFailures 3)');
      const right = await c.login('bob', PEOPLE.bob.password);
      assert.equal(right.status, 423, 'locked: even the right directory password waits');
      await t.ctx.lockout.reset('bob');
      assert.equal((await c.login('bob', PEOPLE.bob.password)).body.code, 200);
    });

    it('an empty password is refused before any bind (slapd takes a DN with no password as an unauthenticated bind that "succeeds")', async () => {
      const raw = new Client({ url: slapd.url });
      await raw.bind(personDn('alice'), '');
      await raw.unbind();
      assert.deepEqual(await signInByDirectory(t.ctx, 'alice', '', null), { outcome: 'refused' });
      const c = t.client();
      const res = await c.post('/api/centerAuth/sso/doLogin', { form: { name: 'alice', pwd: '', loginType: '0' } });
      assert.notEqual(res.body.code, 200);
      assert.equal(res.cookies.find((k) => k.name === 'sso_sid'), undefined);
      await t.ctx.lockout.reset('alice');
    });

    it('injection usernames sign nobody in', async () => {
      for (const name of ['*)(uid=*', 'admin)(|(uid=*', '*', 'alice)(uid=*']) {
        for (const password of [PEOPLE.alice.password, 'x']) {
          const res = await t.client().login(name, password);
          // Refused (AU00100; the rare AU00101 of a cipher sm-crypto got wrong refuses too), no session.
          assert.notEqual(res.body.code, 200, `${name} signs in nobody`);
          assert.equal(res.body.data, null);
          assert.equal(res.cookies.find((k) => k.name === 'sso_sid'), undefined);
        }
        await t.ctx.lockout.reset(name);
      }
    });

    it('a local account whose name the directory also has is never taken over', async () => {
      await slapd.addPerson({ uid: 'zhangwei', cn: 'Dir Zhangwei', password: 'Dir-zhangwei-1' }, ['engineering']);
      try {
        assert.deepEqual((await t.client().login('zhangwei', 'Dir-zhangwei-1')).body, BAD_CREDENTIALS);
        await t.ctx.lockout.reset('zhangwei');
        assert.equal((await t.client().login('zhangwei', DEMO.zhangwei)).body.code, 200);
        const user = await t.ctx.stores.users.findUserByName('zhangwei');
        assert.equal(user?.directoryId, null);
      } finally {
        await slapd.deletePerson('zhangwei');
      }
    });

    it('disabledFilter is applied at sign-in: carol (employeeType=disabled) gets 已停用 and no account', async () => {
      const res = await t.client().login('carol', PEOPLE.carol.password);
      assert.equal(res.body.code, 'AU00160');
      assert.equal(await t.ctx.stores.users.findUserByName('carol'), null);
    });

    it('failover: the first URL a closed port, the second answers', async () => {
      await saveDirectory(t.ctx, directoryInput(slapd, { urls: [slapd.downUrl, slapd.url], bindPassword: null }));
      assert.equal((await t.client().login('bob', PEOPLE.bob.password)).body.code, 200);
    });

    it('every URL down: directory people get AU00196 (not a wrong password, no lockout count), local accounts sign in', async () => {
      await saveDirectory(t.ctx, directoryInput(slapd, { urls: [slapd.downUrl], bindPassword: null }));
      try {
        for (let i = 0; i < 4; i += 1) {
          const res = await t.client().login('bob', PEOPLE.bob.password);
          assert.equal(res.status, 200);
          assert.deepEqual(res.body, DIRECTORY_DOWN);
          const unknown = await t.client().login('nosuchperson', 'whatever-1');
          assert.deepEqual(unknown.body, DIRECTORY_DOWN, 'a name that may be in the directory');
        }
        assert.equal(await t.ctx.lockout.lockedForMs('bob'), 0, 'never a lockout count');
        assert.equal((await t.client().login('zhangwei', DEMO.zhangwei)).body.code, 200);
        const audit = await t.ctx.stores.audit.listLoginAudit(50);
        assert.ok(audit.some((row) => row.username === 'bob' && row.result === 'directory_down'));
      } finally {
        await saveDirectory(t.ctx, directoryInput(slapd, { bindPassword: null }));
      }
    });
  });
}
