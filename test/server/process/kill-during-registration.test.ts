// kill -9 while registrations are in flight: afterwards every account is whole (its password logs
// it in, its phone finds it) or absent; every registration answered "success" before the kill is
// there. Runs on the embedded SQLite default, and on PostgreSQL + Redis when they answer.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, describe, it } from 'node:test';
import { waitUntil } from '../../helpers/wait-until.ts';
import { HttpClient } from '../scale/http-client.ts';
import { lastSmsCode, startInstance, stopInstance, type Instance } from '../scale/instances.ts';
import { servicesMissing, sharedBackends, type SharedBackends } from '../scale/services.ts';

const PASSWORD = 'Reg@2026pass';
const WORKERS = 6;
const SUCCESSES_BEFORE_KILL = 4;
/** Generous for two shared cores; a registration takes well under a second here. */
const SUCCESS_DEADLINE_MS = 30_000;
const LIMITS = { SSO_SENSITIVE_PER_MINUTE: '10000', SSO_SMS_PER_IP_PER_HOUR: '10000', SSO_USER_LOOKUP_PER_MINUTE: '10000', SSO_SMS_COOLDOWN_SECONDS: '0' };

interface Attempt {
  username: string;
  phone: string;
  answered: 'success' | 'refused' | 'cut';
}

async function register(instance: Instance, serial: number, attempts: Attempt[]): Promise<void> {
  const username = `kill${serial}`;
  const phone = `137${String(serial).padStart(8, '0')}`;
  const attempt: Attempt = { username, phone, answered: 'cut' };
  attempts.push(attempt);
  const client = new HttpClient(instance.url);
  try {
    const sent = await client.get(`/api/admin/mobile/${phone}`);
    if (sent.body.code !== 200) return void (attempt.answered = 'refused');
    const smsCode = lastSmsCode(instance.ownDataDir, phone)!;
    const res = await client.post('/api/admin/register/user', { username, phone, smsCode, password: await client.encrypt(PASSWORD) });
    attempt.answered = res.body.code === 200 ? 'success' : 'refused';
  } catch {
    // The process died under this request.
  }
}

async function killMidTraffic(env: Record<string, string>): Promise<{ attempts: Attempt[]; dataDir: string }> {
  const instance = await startInstance({ ...LIMITS, ...env });
  const attempts: Attempt[] = [];
  let serial = 0;
  let killed = false;
  const worker = async () => {
    while (!killed) await register(instance, ++serial, attempts);
  };
  const running = Array.from({ length: WORKERS }, worker);
  const successes = () => attempts.filter((a) => a.answered === 'success').length;
  try {
    // Kill once a few registrations went through, so others are certainly mid-flight.
    await waitUntil(() => successes() >= SUCCESSES_BEFORE_KILL, {
      timeoutMs: SUCCESS_DEADLINE_MS,
      failure: () =>
        `only ${successes()} of ${attempts.length} registrations answered success within ${SUCCESS_DEADLINE_MS / 1000} s ` +
        `(${attempts.filter((a) => a.answered === 'refused').length} refused); ${SUCCESSES_BEFORE_KILL} are needed before the kill`,
    });
  } catch (error) {
    await killAndWait(instance, running, () => (killed = true));
    fs.rmSync(instance.ownDataDir, { recursive: true, force: true });
    throw error;
  }
  await killAndWait(instance, running, () => (killed = true));
  return { attempts, dataDir: instance.ownDataDir };
}

async function killAndWait(instance: Instance, running: Promise<void>[], stopWorkers: () => void): Promise<void> {
  instance.child.kill('SIGKILL');
  stopWorkers();
  await Promise.all(running);
  await new Promise((resolve) => instance.child.exitCode !== null || instance.child.signalCode !== null ? resolve(null) : instance.child.once('exit', resolve));
  await instance.stop();
}

async function checkAccounts(instance: Instance, attempts: Attempt[], report: (line: string) => void): Promise<void> {
  const count = (answer: Attempt['answered']) => attempts.filter((a) => a.answered === answer).length;
  report(`${attempts.length} registrations: ${count('success')} answered success, ${count('refused')} refused, ${count('cut')} cut by kill -9`);
  assert.ok(attempts.some((a) => a.answered === 'cut'), 'some registrations were cut by the kill');
  for (const attempt of attempts) {
    const client = new HttpClient(instance.url);
    const byName = (await client.get(`/api/admin/user/details?username=${attempt.username}`)).body.data;
    const byPhone = (await client.get(`/api/admin/user/details?phone=${attempt.phone}`)).body.data;
    if (attempt.answered === 'success') assert.ok(byName, `${attempt.username} answered success, so it must exist`);
    if (!byName) {
      assert.equal(byPhone, null, `${attempt.phone} is not attached to anyone when ${attempt.username} is absent`);
      continue;
    }
    assert.deepEqual(byPhone, { taken: true }, `${attempt.phone} of ${attempt.username} is taken`);
    const login = await client.login(attempt.username, PASSWORD);
    assert.deepEqual(login.body.data, { username: attempt.username, redirect: '/home' }, `${attempt.username} logs in with its password`);
  }
}

describe('kill -9 during registration leaves no half-written user', () => {
  it('embedded SQLite', async (t) => {
    const { attempts, dataDir } = await killMidTraffic({});
    const restarted = await startInstance({ ...LIMITS, SSO_DATA_DIR: dataDir });
    try {
      await checkAccounts(restarted, attempts, (line) => t.diagnostic(line));
    } finally {
      await stopInstance(restarted);
    }
  });

  let backends: SharedBackends | undefined;
  after(() => backends?.cleanup());
  it('PostgreSQL + Redis', async (t) => {
    const missing = await servicesMissing();
    if (missing) {
      console.log(`### SKIPPED the PostgreSQL + Redis case: ${missing}`);
      return t.skip(missing);
    }
    backends = sharedBackends();
    const { attempts, dataDir } = await killMidTraffic(backends.env);
    const restarted = await startInstance({ ...LIMITS, ...backends.env }, dataDir);
    try {
      await checkAccounts(restarted, attempts, (line) => t.diagnostic(line));
    } finally {
      await stopInstance(restarted);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
