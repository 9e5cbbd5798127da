// The line printed above every bench table: what the figures were measured on.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { CHROMIUM_PATH } from '../test/helpers/chromium.mjs';

let chromiumVersion: string | null = null;

/** "Chromium 142.0.7444.59" from the browser the page benches drive, or "Chromium: not found". */
export function chromiumVersionLine(): string {
  if (chromiumVersion === null) {
    const answer = spawnSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8' });
    chromiumVersion = answer.status === 0 ? answer.stdout.trim().replace(/\s+built on.*$/, '') : `Chromium: not found at ${CHROMIUM_PATH}`;
  }
  return chromiumVersion;
}

const load = (l: number[]): string => l.map((x) => x.toFixed(1)).join(' / ');

export function machineLine(loadAtStart?: number[]): string {
  const cpus = os.cpus();
  return (
    `${chromiumVersionLine()}, Node ${process.version}, ${cpus.length} CPUs (${cpus[0]?.model ?? 'unknown'}), ` +
    (loadAtStart ? `load average ${load(loadAtStart)} at start, ${load(os.loadavg())} now` : `load average ${load(os.loadavg())}`)
  );
}
