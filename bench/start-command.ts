// What `npm start` runs once the build is fresh: the node command after the last `&&` of
// package.json's start script. The benchmarks start the server the same way (its V8 flags
// included), so that the figures they print are those of the command users run, and the flags
// live in one place: package.json.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface StartCommand {
  /** Node's own options (V8 flags), before the script. */
  nodeFlags: string[];
  /** The script and its arguments, relative to the repository root. */
  script: string[];
}

export function npmStartCommand(): StartCommand {
  const packageJson = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const last = packageJson.scripts.start!.split('&&').at(-1)!.trim().split(/\s+/);
  if (last[0] !== 'node') throw new Error(`npm start does not end with a node command: ${packageJson.scripts.start}`);
  const scriptAt = last.findIndex((arg, i) => i > 0 && !arg.startsWith('-'));
  if (scriptAt < 0) throw new Error(`no script in npm start's node command: ${last.join(' ')}`);
  return { nodeFlags: last.slice(1, scriptAt), script: last.slice(scriptAt) };
}
