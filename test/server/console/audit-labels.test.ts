// The console shows the audits in Chinese (portal/admin/audit.messages.ts): every sign-in result and
// every administrator action the server code can write has a name there, so no raw code such as
// `bad_credentials` or `account.disable` reaches the 审计 page. The values are read from the server
// sources (the audit(...) / recordLogin / recordAdminAction calls), so a new one fails here until
// it is named.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import {
  ADMIN_ACTION_NAMES, SIGN_IN_RESULT_NAMES, adminActionName, signInResultName,
} from '../../../portal/admin/audit.messages.ts';
import { SIGN_IN_METHODS } from '../../../contract/rules/sign-in-methods.ts';

const SERVER = path.resolve(import.meta.dirname, '../../../server');

function serverSources(dir = SERVER): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(full);
    return entry.name.endsWith('.ts') ? [fs.readFileSync(full, 'utf8')] : [];
  });
}

const sources = serverSources();
const matches = (pattern: RegExp) => sources.flatMap((text) => [...text.matchAll(pattern)]);

describe('audit labels', () => {
  it('names every sign-in result the server writes', () => {
    const written = new Set([
      // audit(ctx, request, username, method, 'result' or cond ? 'a' : 'b', clientId)
      // the console sign-in's auditConsole(ctx, request, name, 'a') (server/console/routes/session-routes.ts)
      ...matches(/\bauditConsole\(ctx, request, ([^;]*)\)/g).flatMap((m) => [...m[1]!.matchAll(/'([a-z_]+)'/g)].map((q) => q[1]!)),
      ...matches(/\baudit\(ctx, request, ([^;]*)\)/g).flatMap((m) => [...m[1]!.matchAll(/'([a-z_]+)'/g)].map((q) => q[1]!)),
      // recordLogin({ ..., result: 'a' or cond ? 'a' : 'b' })
      ...matches(/recordLogin\(\{[^}]*\bresult: ([^,}]+)/g).flatMap((m) => [...m[1]!.matchAll(/'([a-z_]+)'/g)].map((q) => q[1]!)),
      // second-factor.ts: the refusal's result
      ...matches(/const result = (nowLockedForMs[^;]+);/g).flatMap((m) => [...m[1]!.matchAll(/'([a-z_]+)'/g)].map((q) => q[1]!)),
    ]);
    for (const expected of ['success', 'bad_credentials', 'must_change', 'password_expired', 'disabled', 'bad_code', 'password_reset', 'bad_otp', 'not_admin']) {
      assert.ok(written.has(expected), `the scan finds ${expected}`);
    }
    // Not results: the method argument (and its type, LoginAttempt['method']), the condition of second-factor.ts's ask.
    const notResults = new Set<string>([...SIGN_IN_METHODS, 'method', 'verify']);
    const unnamed = [...written].filter((result) => !notResults.has(result) && !Object.hasOwn(SIGN_IN_RESULT_NAMES, result));
    assert.deepEqual(unnamed, []);
  });

  it('names every administrator action the server writes, the CLI commands among them', () => {
    const written = new Set(matches(/'((?:setup|account|app|group|client|keys|cas-service|saml-sp)\.[a-z-]+)'/g).map((m) => m[1]!));
    const commands = matches(/AUDITED_AS_COMMAND[^=]*= new Set\(\[([^\]]+)\]/g)
      .flatMap((m) => [...m[1]!.matchAll(/'([a-z-]+)'/g)].map((q) => `cli.${q[1]!}`));
    assert.ok(commands.length >= 10, 'the scan finds the CLI commands');
    for (const expected of ['account.create', 'account.reset-password', 'account.disable', 'account.enable']) {
      assert.ok(written.has(expected), `the scan finds ${expected}`);
    }
    assert.deepEqual([...written, ...commands].filter((action) => !Object.hasOwn(ADMIN_ACTION_NAMES, action)), []);
  });

  it('shows an unknown value as stored', () => {
    assert.equal(signInResultName('success'), '成功');
    assert.equal(signInResultName('something_new'), 'something_new');
    assert.equal(adminActionName('account.disable'), '停用账号');
    assert.equal(adminActionName('x.y'), 'x.y');
  });
});
