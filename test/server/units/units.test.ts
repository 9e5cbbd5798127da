// Pure parts: the redirect rule, the password strength rule, host matching, the config reader,
// the development SMS sender's log line, the SM2 key file.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { sm2Password } from '../../helpers/sm2-password.ts';
import { ConfigError, developmentDefaults, readConfig } from '../../../server/config.ts';
import { loadOrCreateSm2KeyPair } from '../../../server/crypto/sm2-keys.ts';
import { sm2Decrypt } from '../../../server/crypto/sm2.ts';
import { normalizeHost } from '../../../server/catalog/client-groups.ts';
import { ownerProblem, PasswordProblems } from '../../../contract/rules/password.ts';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from '../../../server/auth/passwords.ts';
import { safeRedirect } from '../../../contract/rules/callback.ts';
import { OutboxSmsSender } from '../../../server/auth/sms-codes.ts';

describe('redirect rule', () => {
  const sso = 'http://localhost:8080';
  it('keeps relative paths and allowed origins, refuses the rest', () => {
    assert.equal(safeRedirect(undefined, sso, []), '/home');
    assert.equal(safeRedirect('', sso, []), '/home');
    assert.equal(safeRedirect('/home?x=1', sso, []), '/home?x=1');
    assert.equal(safeRedirect('http://localhost:8080/a', sso, []), 'http://localhost:8080/a');
    assert.equal(safeRedirect('https://b.example.com/x', sso, ['https://b.example.com']), 'https://b.example.com/x');
    for (const bad of ['https://b.example.com.evil.com/', '//evil.com', '/\\evil.com', 'javascript:alert(1)', 'http://localhost:8081/', 'data:text/html,x', '/\tx']) {
      assert.equal(safeRedirect(bad, sso, ['https://b.example.com']), null, bad);
    }
  });
});

describe('password rules', () => {
  it('the shared rule: length, kinds, whitespace, username, phone', () => {
    const { shape, containsUsername, containsPhone } = PasswordProblems;
    assert.equal(ownerProblem('Sso@2026demo', { username: 'zhangwei' }), null);
    assert.equal(ownerProblem('abcdefg1', { username: 'x' }), shape);
    assert.equal(ownerProblem('abcdEFG1', { username: 'x' }), null);
    assert.equal(ownerProblem('Ab1!Ab1', { username: 'x' }), shape);
    assert.equal(ownerProblem('Ab1! ' + 'x'.repeat(10), { username: 'y' }), shape);
    assert.equal(ownerProblem('Ab1!' + 'x'.repeat(60), { username: 'y' }), null, '64 characters');
    assert.equal(ownerProblem('Ab1!' + 'x'.repeat(61), { username: 'y' }), shape, '65 characters');
    assert.equal(ownerProblem('MyZhangWei#1', { username: 'zhangwei' }), containsUsername);
    assert.equal(ownerProblem('Ab#00000001x', { username: 'y', phone: '13800000001' }), containsPhone, 'last eight digits');
  });
  it('argon2id with the OWASP minimum parameters', async () => {
    assert.deepEqual({ m: ARGON2_OPTIONS.memoryCost, t: ARGON2_OPTIONS.timeCost, p: ARGON2_OPTIONS.parallelism }, { m: 19456, t: 2, p: 1 });
    const hash = await hashPassword('Sso@2026demo');
    assert.match(hash, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    assert.equal(await verifyPassword(hash, 'Sso@2026demo'), true);
    assert.equal(await verifyPassword(hash, 'Sso@2026dem0'), false);
  });
});

describe('host matching', () => {
  it('normalizes hosts, ports and URLs', () => {
    assert.equal(normalizeHost('KA.localhost:8080'), 'ka.localhost');
    assert.equal(normalizeHost('http://exeed.localhost:9000/x'), 'exeed.localhost');
    assert.equal(normalizeHost('localhost.'), 'localhost');
  });
});

describe('config', () => {
  it('reads defaults and fails fast on bad values', () => {
    const c = readConfig({});
    assert.equal(c.port, 8080);
    assert.equal(c.sessionIdleMs, 30 * 60_000);
    assert.equal(c.sessionAbsoluteMs, 10 * 3600_000);
    assert.equal(c.lockoutMaxFailures, 5);
    assert.equal(c.passwordMaxAgeMs, 30 * 24 * 3600_000);
    assert.deepEqual(developmentDefaults(c), ['SSO_ENC_KEY', 'SSO_SIGN_SECRET', 'SSO_SEED_DEMO=true']);
    assert.throws(() => readConfig({ SSO_PORT: 'abc' }), ConfigError);
    assert.throws(() => readConfig({ SSO_ENC_KEY: 'short' }), /exactly 16 bytes/);
    assert.throws(() => readConfig({ SSO_DATABASE_URL: 'mysql://x' }), /postgres/);
    assert.throws(() => readConfig({ SSO_SESSION_IDLE_MINUTES: '60', SSO_SESSION_ABSOLUTE_MINUTES: '30' }), ConfigError);
    assert.deepEqual(developmentDefaults(readConfig({ SSO_ENC_KEY: '0123456789abcdef', SSO_SIGN_SECRET: 's', SSO_SEED_DEMO: 'false' })), []);
  });

  it('seeds the demo accounts (public passwords) by default only outside production, and names it in the warning', () => {
    assert.equal(readConfig({}).seedDemoData, true, 'a fresh npm start has demo data');
    assert.equal(readConfig({ NODE_ENV: 'development' }).seedDemoData, true);
    const production = readConfig({ NODE_ENV: 'production', SSO_ENC_KEY: '0123456789abcdef', SSO_SIGN_SECRET: 's', SSO_PUBLIC_URL: 'https://sso.example.com' });
    assert.equal(production.seedDemoData, false);
    assert.deepEqual(developmentDefaults(production), []);
    const forced = readConfig({ NODE_ENV: 'production', SSO_SEED_DEMO: 'true', SSO_ENC_KEY: '0123456789abcdef', SSO_SIGN_SECRET: 's', SSO_PUBLIC_URL: 'https://sso.example.com' });
    assert.equal(forced.seedDemoData, true);
    assert.deepEqual(developmentDefaults(forced), ['SSO_SEED_DEMO=true']);
  });
});

describe('development SMS sender', () => {
  it('writes the code to the outbox and logs only the masked phone', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-sms-'));
    const lines: string[] = [];
    const sender = new OutboxSmsSender(path.join(dir, 'out.jsonl'), { info: (msg: string) => lines.push(msg) } as never);
    await sender.send({ phone: '13800000001', code: '482913', purpose: 'login' });
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, /^SMS sent to 138\*\*\*\*0001 \(see .*out\.jsonl\)$/);
    assert.doesNotMatch(lines[0]!, /482913/);
    const saved = JSON.parse(fs.readFileSync(path.join(dir, 'out.jsonl'), 'utf8'));
    assert.equal(saved.code, '482913');
    fs.rmSync(dir, { recursive: true });
  });
});

describe('SM2 key file', () => {
  it('is created once with mode 0600 and decrypts what sm-crypto encrypts', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-key-'));
    const pair = loadOrCreateSm2KeyPair(dir);
    const file = path.join(dir, 'sm2-key.json');
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.deepEqual(loadOrCreateSm2KeyPair(dir), pair, 'the second start reuses the pair');
    const cipher = sm2Password('Sso@2026demo', pair.publicKey);
    assert.equal(sm2Decrypt(cipher, pair.privateKey), 'Sso@2026demo');
    fs.rmSync(dir, { recursive: true });
  });
});
