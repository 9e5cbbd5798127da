// The admin CLI (`npm run admin`: dist/server/cli.js, without its build step) as another process, on
// the storage of a test's server: the same data dir and, when the server has them, the same
// PostgreSQL schema and Redis key prefix. Tests use it where the point is that a change made by
// another process (an administrator at a shell) reaches the running server.
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { REPO_ROOT, serverProgram } from './start-server.ts';

/** Where the CLI works: a ServerConfig has all of it; an e2e portal only its data dir. */
export interface AdminCliStorage {
  dataDir: string;
  databaseUrl?: string | null;
  databaseSchema?: string | null;
  redisUrl?: string | null;
  redisKeyPrefix?: string;
}

export interface AdminCliResult {
  /** The exit code: 0 done, 2 refused (bad input), 1 failed. */
  status: number;
  stdout: string;
  stderr: string;
}

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

/**
 * Runs one command; resolves with its exit code and output whatever the code (refusals are tested
 * too). `input` goes to its standard input (a secret for --secret-stdin: never an argument).
 */
export function runAdminCli(storage: AdminCliStorage, args: string[], extraEnv: Record<string, string> = {}, input?: string): Promise<AdminCliResult> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [...serverProgram('cli'), ...args], { cwd: REPO_ROOT, env: cliEnv(storage, extraEnv) }, (error, stdout, stderr) => {
      const code = (error as (Error & { code?: unknown }) | null)?.code;
      resolve({ status: error ? (typeof code === 'number' ? code : 1) : 0, stdout, stderr });
    });
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** Runs one command that must succeed; answers its standard output. */
export async function adminCli(storage: AdminCliStorage, args: string[], extraEnv: Record<string, string> = {}, input?: string): Promise<string> {
  const result = await runAdminCli(storage, args, extraEnv, input);
  assert.equal(result.status, 0, `admin ${args[0]} failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

export interface AdminCliRun extends AdminCliResult {
  /** The process's whole argument vector, as `ps` would have shown it. */
  argv: string[];
}

/**
 * Runs one command with `input` written to its standard input (then closed), for the commands that
 * read a password there (create-admin: the first line, never an argument); resolves whatever the
 * exit code.
 */
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
