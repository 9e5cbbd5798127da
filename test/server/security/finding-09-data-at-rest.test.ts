// Issue 13, finding 9 (Low): the SQLite files and the SMS outbox were created 0644, and SMS codes
// were stored as an unsalted SHA-256 (six digits: reversed in a millisecond). Now data files are
// 0600 in a 0700 directory (also tightened on an existing install), and codes are stored as an
// HMAC under a server key, compared in constant time.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';

const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

for (const backend of testBackends()) {
  describe(`finding 9: data at rest (${backend.name})`, () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-modes-'));
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(backend, { dataDir: path.join(root, 'data'), smsOutboxPath: path.join(root, 'data', 'sms-outbox.jsonl') });
    });
    after(async () => {
      await t.close();
      fs.rmSync(root, { recursive: true, force: true });
    });

    it('creates the data directory 0700 and the key, database and outbox files 0600', async () => {
      await t.client().get('/api/centerAuth/msg/login/send?phone=13800000001');
      const dir = t.config.dataDir;
      assert.equal(mode(dir), '700');
      const files = ['sm2-key.json', 'sms-outbox.jsonl', ...(backend.name === 'sqlite' ? ['sso.db', 'sso.db-wal', 'sso.db-shm'] : [])];
      for (const file of files) assert.equal(mode(path.join(dir, file)), '600', file);
    });

    it('stores an SMS code as an HMAC under a server key, not a plain hash of the digits', async () => {
      const phone = '13800000001';
      const code = t.lastSmsCode(phone)!;
      const stored = await t.ctx.stores.sms.getCode(phone, 'login');
      assert.ok(stored);
      const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
      for (const guess of [`${phone}:${code}`, code, `${code}:${phone}`, `login:${phone}:${code}`]) assert.notEqual(stored.codeHash, sha(guess));
      assert.ok(!stored.codeHash.includes(code));
    });
  });
}

describe('finding 9: an existing install with 0644 files is tightened at start', () => {
  it('sso.db, its WAL, the key pair and the outbox become 0600, the directory 0700', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-old-'));
    const dataDir = path.join(root, 'data');
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const first = await buildTestApp({ name: 'sqlite', overrides: {} }, { dataDir, smsOutboxPath: path.join(dataDir, 'sms-outbox.jsonl') });
    await first.client().get('/api/centerAuth/msg/login/send?phone=13800000001');
    await first.app.close();
    for (const file of ['sso.db', 'sm2-key.json', 'sms-outbox.jsonl']) fs.chmodSync(path.join(dataDir, file), 0o644);
    fs.chmodSync(dataDir, 0o755);
    const again = await buildTestApp({ name: 'sqlite', overrides: {} }, { dataDir, smsOutboxPath: path.join(dataDir, 'sms-outbox.jsonl') });
    try {
      again.clock.advance(61_000);
      await again.client().get('/api/centerAuth/msg/login/send?phone=13800000001');
      assert.equal(mode(dataDir), '700');
      for (const file of ['sso.db', 'sm2-key.json', 'sms-outbox.jsonl']) assert.equal(mode(path.join(dataDir, file)), '600', file);
    } finally {
      await again.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
