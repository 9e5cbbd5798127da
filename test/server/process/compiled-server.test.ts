// The compiled server (npm run build:server -> dist/server) is what `npm start` and `npm run
// admin` run with plain node: it must start without a TypeScript loader, find the seed files it
// reads beside its source (demo data, app logos) from the compiled output, and serve the API.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import * as oidc from 'openid-client';
import { sm2Password } from '../../helpers/sm2-password.ts';
import { signIn } from '../../../bench/login-client.ts';
import { PasswordProblems } from '../../../contract/rules/password.ts';
import { buildServer } from '../../../scripts/build-server.ts';
import { npmStartCommand } from '../../../bench/start-command.ts';
import { REPO_ROOT } from '../../helpers/start-server.ts';
import { Browser } from '../oidc/browser.ts';
import { codeFlow, exchange, REDIRECT_URI } from '../oidc/oidc-fixture.ts';

const run = promisify(execFile);

describe('compiled server (dist/server)', () => {
  // Inside the repository, so that the bundle's bare imports resolve to its node_modules.
  fs.mkdirSync(path.join(REPO_ROOT, 'dist'), { recursive: true });
  const outDir = fs.mkdtempSync(path.join(REPO_ROOT, 'dist', '.compiled-server-test-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-compiled-'));
  const env = { ...process.env, SSO_DATA_DIR: dataDir, SSO_HOST: '127.0.0.1', SSO_PORT: '0', SSO_LOG_LEVEL: 'warn' };
  // A data dir of its own for the CLI: the server holds the SQLite startup lock of the other.
  const cliDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-compiled-cli-'));
  let child: ReturnType<typeof spawn> | null = null;
  let url = '';
  let output = '';

  before(async () => {
    await buildServer(outDir);
    // As npm start runs it: its environment variables and node flags, the compiled entry.
    const start = npmStartCommand();
    child = spawn(process.execPath, [...start.nodeFlags, path.join(outDir, 'main.js')], {
      cwd: REPO_ROOT, env: { ...start.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`compiled server did not start:\n${output}`)), 30_000);
      child!.stdout!.on('data', () => {
        const match = /SSO portal: (http:\/\/[^/\s]+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child!.on('exit', () => reject(new Error(`compiled server exited:\n${output}`)));
    });
  });

  after(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    for (const dir of [outDir, dataDir, cliDataDir]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is plain JavaScript with our code bundled and no TypeScript loader', () => {
    const main = fs.readFileSync(path.join(outDir, 'main.js'), 'utf8');
    assert.doesNotMatch(main, /from\s*["'][^"']*\.ts["']/);
    assert.doesNotMatch(main, /["']tsx(\/[^"']*)?["']/);
    // The pure-JS dependencies are bundled (one file to load, not hundreds); the native addons
    // load from node_modules as they are.
    assert.doesNotMatch(main, /from\s*["']fastify["']/);
    const bundle = fs.readdirSync(outDir).filter((name) => name.endsWith('.js')).map((name) => fs.readFileSync(path.join(outDir, name), 'utf8')).join('\n');
    assert.match(bundle, /import\(["']better-sqlite3["']\)/);
    assert.match(bundle, /from\s*["']@node-rs\/argon2["']/);
  });

  it('signs in with a password (SM2, argon2id) and serves OpenID Connect from the bundled chunks', async () => {
    // The provider and its dependencies are a chunk loaded on the first OIDC request.
    const discovery = await fetch(`${url}/.well-known/openid-configuration`);
    assert.equal(discovery.status, 200);
    const metadata = (await discovery.json()) as { issuer: string; authorization_endpoint: string };
    assert.match(metadata.authorization_endpoint, /\/oidc\/auth$/);
    const session = await signIn(url);
    const signedIn = await fetch(`${url}/api/centerAuth/sso/isLogin`, { headers: { cookie: session.sessionCookie } });
    assert.equal(((await signedIn.json()) as { data: unknown }).data, true);
  });

  // What the bundling can break and a start does not show: oidc-provider reads its settings by
  // class name (tokens answered 500 once), zxcvbn's dictionaries load with import() (password
  // checks answered 500 once).
  it('runs a whole OpenID Connect code flow, refresh included, with a client added by the compiled CLI', async () => {
    const added = await run(process.execPath, [path.join(outDir, 'cli.js'), 'add-client', 'compiled-app', '--redirect-uri', REDIRECT_URI], {
      cwd: REPO_ROOT, env: { ...process.env, SSO_DATA_DIR: dataDir, SSO_LOG_LEVEL: 'silent' },
    });
    const secret = /client_secret[^:]*: (\S+)/.exec(added.stdout)![1]!;
    const issuer = ((await (await fetch(`${url}/.well-known/openid-configuration`)).json()) as { issuer: string }).issuer;
    const rp = await oidc.discovery(new URL(issuer), 'compiled-app', undefined, oidc.ClientSecretBasic(secret), { execute: [oidc.allowInsecureRequests] });
    const browser = new Browser(issuer);
    assert.equal((await browser.signIn('zhangwei', 'Sso@2026demo')).body.code, 200);
    // The running server finds a client another process added on its first look-up.
    const tokens = await exchange(rp, await codeFlow(rp, browser));
    assert.equal((await oidc.fetchUserInfo(rp, tokens.access_token, tokens.claims()!.sub)).preferred_username, 'zhangwei');
    const refreshed = await oidc.refreshTokenGrant(rp, tokens.refresh_token!);
    assert.ok(refreshed.access_token && refreshed.refresh_token !== tokens.refresh_token, 'a rotated refresh token');
  });

  it('checks a new password against the common-password dictionaries', async () => {
    const browser = new Browser(url);
    assert.equal((await browser.signIn('firstlogin', 'Sso@2026first')).body.code, 'AU00154');
    const key = ((await (await browser.fetch('/api/centerAuth/commonConfig/getPublicKeySm2')).json()) as { data: string }).data;
    const enc = (plain: string) => sm2Password(plain, key);
    const answer = await browser.fetch('/api/centerAuth/user/changePassword', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': browser.cookies.get('XSRF-TOKEN') ?? '' },
      body: JSON.stringify({ userName: 'firstlogin', oldPassword: enc('Sso@2026first'), newPassword: enc('Passw0rd!'), confirmPassword: enc('Passw0rd!') }),
    });
    assert.equal(((await answer.json()) as { msg: string }).msg, PasswordProblems.common);
  });

  it('serves the API, the seeded demo data and the app logos from the compiled output', async () => {
    const isLogin = await fetch(`${url}/api/centerAuth/sso/isLogin`);
    assert.deepEqual(await isLogin.json(), { code: 200, msg: 'success', data: false });
    const demoAccounts = /Demo accounts:[\s\S]*zhangwei/.test(output);
    assert.ok(demoAccounts, `the demo accounts are listed:\n${output}`);
    const logoName = fs.readdirSync(path.join(REPO_ROOT, 'server', 'seed', 'app-logos'))[0]!;
    const logo = await fetch(`${url}/assets/apps/${logoName}`);
    assert.equal(logo.status, 200);
    assert.equal(await logo.text(), fs.readFileSync(path.join(REPO_ROOT, 'server', 'seed', 'app-logos', logoName), 'utf8'));
  });

  it('runs the admin CLI compiled as well, with the demo data file found beside it', async () => {
    const cli = (...args: string[]) =>
      run(process.execPath, [path.join(outDir, 'cli.js'), ...args], { cwd: REPO_ROOT, env: { ...process.env, SSO_DATA_DIR: cliDataDir } });
    assert.equal((await cli('seed')).stdout.trim(), 'demo data seeded');
    assert.equal((await cli('unlock', 'zhangwei')).stdout.trim(), 'zhangwei unlocked');
  });
});
