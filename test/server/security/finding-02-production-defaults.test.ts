// Issue 13, finding 2 (High): the production example seeded the demo accounts, whose passwords
// are public. Now, with NODE_ENV=production: the start is refused while SSO_ENC_KEY or
// SSO_SIGN_SECRET has its development value (naming them); no demo account exists unless
// SSO_SEED_DEMO=true (then a warning at every start); the banner prints demo passwords only when
// demo data is in use; no production example in the docs seeds the demo data.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, readConfig } from '../../../server/config.ts';
import { adminCli } from '../../helpers/admin-cli.ts';
import { REPO_ROOT, runServerUntilExit, spawnServer } from '../../helpers/start-server.ts';
import { waitUntil } from '../../helpers/wait-until.ts';

// With the https public URL production requires (review finding 4, review-finding-04-https-in-production).
const OWN_SECRETS = { SSO_ENC_KEY: 'Prod-Enc-Key-16b', SSO_SIGN_SECRET: 'a-production-signing-secret', SSO_PUBLIC_URL: 'https://sso.example.com' };

/** Runs the server until it exits (a refused start), with no secrets unless given; a given data dir is kept. */
function runRefusedStart(env: Record<string, string>, givenDataDir?: string): Promise<{ code: number | null; output: string }> {
  return runServerUntilExit({ SSO_ENC_KEY: '', SSO_SIGN_SECRET: '', ...env }, givenDataDir);
}

describe('finding 2: production refuses development secrets and demo accounts', () => {
  it('readConfig refuses NODE_ENV=production with the development SSO_ENC_KEY / SSO_SIGN_SECRET, naming them', () => {
    assert.throws(() => readConfig({ NODE_ENV: 'production' }), (error: Error) =>
      error instanceof ConfigError && /SSO_ENC_KEY/.test(error.message) && /SSO_SIGN_SECRET/.test(error.message));
    assert.throws(() => readConfig({ NODE_ENV: 'production', SSO_ENC_KEY: OWN_SECRETS.SSO_ENC_KEY }), (error: Error) =>
      /SSO_SIGN_SECRET/.test(error.message) && !/SSO_ENC_KEY/.test(error.message));
    assert.throws(() => readConfig({ NODE_ENV: 'production', SSO_SIGN_SECRET: OWN_SECRETS.SSO_SIGN_SECRET }), /SSO_ENC_KEY/);
    // Development keeps working with the defaults (and seeds the demo data).
    assert.equal(readConfig({}).seedDemoData, true);
  });

  it('production seeds no demo data unless SSO_SEED_DEMO=true is set explicitly', () => {
    assert.equal(readConfig({ NODE_ENV: 'production', ...OWN_SECRETS }).seedDemoData, false);
    assert.equal(readConfig({ NODE_ENV: 'production', ...OWN_SECRETS, SSO_SEED_DEMO: 'true' }).seedDemoData, true);
  });

  it('the process exits 1 with a message naming both variables', async () => {
    const { code, output } = await runRefusedStart({ NODE_ENV: 'production' });
    assert.equal(code, 1, output);
    assert.match(output, /SSO_ENC_KEY/);
    assert.match(output, /SSO_SIGN_SECRET/);
    assert.doesNotMatch(output, /SSO portal: http/, 'never listened');
  });

  it('a production start has no demo account and prints no demo password', async () => {
    const main = await spawnServer({ NODE_ENV: 'production', ...OWN_SECRETS, SSO_SEED_DEMO: '' });
    try {
      // No account at all: the instance answers "not set up" (AU00500) until its first administrator.
      const details = await fetch(`${main.url}/api/admin/user/details?username=zhangwei`);
      assert.equal(((await details.json()) as { code: string }).code, 'AU00500', 'no demo account');
      assert.doesNotMatch(main.output(), /Sso@2026|Demo accounts/);
      assert.doesNotMatch(main.output(), /ka\.localhost/, 'no demo brand hosts in a production banner');
    } finally {
      await main.stop();
    }
  });

  it('SSO_SEED_DEMO=true in production seeds them, with a warning at the start', async () => {
    const main = await spawnServer({ NODE_ENV: 'production', ...OWN_SECRETS, SSO_SEED_DEMO: 'true' });
    try {
      // The banner's lines follow the URL line, possibly in a later chunk.
      await waitUntil(() => /Demo accounts:/.test(main.output()), { timeoutMs: 5000, failure: () => main.output() });
      assert.match(main.output(), /WARNING: development defaults in use for SSO_SEED_DEMO=true/);
    } finally {
      await main.stop();
    }
  });

  it('a production start on a database seeded with the demo data is refused while a demo account keeps its public password', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-prod-seeded-'));
    const storage = { dataDir };
    try {
      // Seeded by an earlier development start (the same secrets, so the data at rest stays readable).
      await adminCli(storage, ['seed'], OWN_SECRETS);
      const refused = await runRefusedStart({ NODE_ENV: 'production', ...OWN_SECRETS }, dataDir);
      assert.equal(refused.code, 1, refused.output);
      assert.match(refused.output, /demo accounts zhangwei, firstlogin, agedpwd, dealer01, admin still have their public demo passwords/);
      assert.match(refused.output, /npm run admin -- reset-password/);
      assert.doesNotMatch(refused.output, /SSO portal: http/, 'never listened');

      // Four get passwords of their own: the fifth is still named.
      for (const [username, password] of [['zhangwei', 'Own#Pass2026zw'], ['firstlogin', 'Own#Pass2026fl'], ['agedpwd', 'Own#Pass2026ap'], ['admin', 'Own#Pass2026ad']]) {
        await adminCli(storage, ['reset-password', username!], OWN_SECRETS, `${password!}\n`);
      }
      const stillOne = await runRefusedStart({ NODE_ENV: 'production', ...OWN_SECRETS }, dataDir);
      assert.equal(stillOne.code, 1, stillOne.output);
      assert.match(stillOne.output, /demo accounts dealer01 still have/);

      await adminCli(storage, ['reset-password', 'dealer01'], OWN_SECRETS, 'Own#Pass2026dl\n');
      const main = await spawnServer({ NODE_ENV: 'production', ...OWN_SECRETS, SSO_SEED_DEMO: '', SSO_DATA_DIR: dataDir });
      try {
        assert.doesNotMatch(main.output(), /Sso@2026|Demo accounts/);
      } finally {
        await main.stop();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('no example in docs/deployment.md sets SSO_SEED_DEMO=true, and the production example sets NODE_ENV=production', () => {
    const text = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'deployment.md'), 'utf8');
    const examples = [...text.matchAll(/```(?:sh|bash)\n([\s\S]*?)```/g)].map((m) => m[1]!);
    assert.ok(examples.length > 0);
    for (const example of examples) assert.doesNotMatch(example, /SSO_SEED_DEMO=(true|1|yes)/i);
    assert.ok(examples.some((example) => /NODE_ENV=production/.test(example)));
  });
});
