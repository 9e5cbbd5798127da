// What `npm start` runs once the build is fresh: the node command after the last `&&` of
// package.json's start script, with the environment variables set in front of it. The benchmarks
// and the compiled-server test start the server the same way (its V8 flags and its glibc / libuv
// settings included), so that the figures they print are those of the command users run, and the
// settings live in one place: package.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface StartCommand {
  /** Variables set in front of node (`NAME=value node ...`): read by glibc and libuv before any JavaScript runs. */
  env: Record<string, string>;
  /** Node's own options (V8 flags), before the script. */
  nodeFlags: string[];
  /** The script and its arguments, relative to the repository root. */
  script: string[];
}

const ASSIGNMENT = /^([A-Z_][A-Z0-9_]*)=(\S*)$/;

/** Parses `[NAME=value ...] node [flags] script [args]` (no quoting: the start script needs none). */
export function parseStartCommand(command: string): StartCommand {
  const words = command.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (words.length > 0 && ASSIGNMENT.test(words[0]!)) {
    const [, name, value] = ASSIGNMENT.exec(words.shift()!)!;
    env[name!] = value!;
  }
  if (words[0] !== 'node') throw new Error(`npm start does not end with a node command: ${command}`);
  const scriptAt = words.findIndex((arg, i) => i > 0 && !arg.startsWith('-'));
  if (scriptAt < 0) throw new Error(`no script in npm start's node command: ${command}`);
  return { env, nodeFlags: words.slice(1, scriptAt), script: words.slice(scriptAt) };
}

export function npmStartCommand(): StartCommand {
  const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return parseStartCommand(packageJson.scripts.start!.split('&&').at(-1)!);
}

/** The command as a person would type it, for the bench's row names. */
export function describeStartCommand(start: StartCommand): string {
  const env = Object.entries(start.env).map(([name, value]) => `${name}=${value}`);
  return [...env, 'node', ...start.nodeFlags, ...start.script].join(' ');
}
