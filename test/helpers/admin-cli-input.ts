// The admin CLI (admin-cli.ts) with text on its standard input, for the commands that read a
// password there (create-admin: the first line, never an argument). Same program and the same
// storage environment as runAdminCli.
import { spawn } from 'node:child_process';
import type { AdminCliResult, AdminCliStorage } from './admin-cli.ts';
import { REPO_ROOT } from './spawn-main.ts';
import { serverProgram } from './server-program.ts';

function cliEnv(storage: AdminCliStorage, extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, SSO_DATA_DIR: storage.dataDir, SSO_LOG_LEVEL: 'silent', ...extra };
  if (storage.databaseUrl) env.SSO_DATABASE_URL = storage.databaseUrl;
  if (storage.databaseSchema) env.SSO_DATABASE_SCHEMA = storage.databaseSchema;
  if (storage.redisUrl) {
    env.SSO_REDIS_URL = storage.redisUrl;
    if (storage.redisKeyPrefix) env.SSO_REDIS_PREFIX = storage.redisKeyPrefix;
  }
  return env;
}

export interface AdminCliRun extends AdminCliResult {
  /** The process's whole argument vector, as `ps` would have shown it. */
  argv: string[];
}

/** Runs one command with `input` written to its standard input (then closed); resolves whatever the exit code. */
export function runAdminCliWithInput(
  storage: AdminCliStorage, args: string[], input: string, extraEnv: Record<string, string> = {},
): Promise<AdminCliRun> {
  const argv = [process.execPath, ...serverProgram('cli'), ...args];
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd: REPO_ROOT, env: cliEnv(storage, extraEnv), stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ status: code ?? 1, stdout, stderr, argv }));
    child.stdin.end(input);
  });
}
