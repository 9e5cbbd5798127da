// Runs node:test files, each in its own process (`node --import tsx <file>`), a few at a time, and
// prints each file's TAP output whole when it ends, then one summary. It replaces `node --test`
// because of what that runner cannot survive on Node 20: a test process whose main thread blocks
// for good. The TypeScript loader (tsx) runs its hooks on a second thread; now and then a process
// deadlocks against that thread, at start or at exit (nodejs/node#50948, #54918), and
// `node --test` then waits forever: one such hang cost a whole CI run its 90 minutes.
//
// What this runner tells apart, with a heartbeat from each process's main thread
// (scripts/test-heartbeat.mjs, one byte a second on a pipe):
// - tests finished, process does not exit: its results are complete, so they count as printed;
//   the process is killed (what --test-force-exit does).
// - main thread blocked before its results were complete: the process is killed and the file runs
//   once more, and the summary says so. A second block in the same file fails it.
// - heart still beating but no test has reported for STUCK_AFTER_MS: a test waits on something that
//   never comes. That is a failure of the test, never retried.
// Failures are never retried. Plain JavaScript on purpose: this process must not need the loader.
//
// Usage: node scripts/run-node-tests.mjs [--concurrency=N] [--except=<folder>,...] [--list] <test files or folders...>
// A folder stands for every *.test.ts under it, at any depth, except under an --except folder, so
// a test file added to a folder is never left out of the run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const BLOCKED_AFTER_MS = 60_000;
const STUCK_AFTER_MS = 7 * 60_000;
const EXIT_GRACE_MS = 10_000;
const HEARTBEAT_FD = 3;

const args = process.argv.slice(2);
const concurrency = Number(args.find((a) => a.startsWith('--concurrency='))?.split('=')[1] ?? 1);
const except = (args.find((a) => a.startsWith('--except='))?.split('=')[1] ?? '')
  .split(',').filter(Boolean).map((folder) => path.normalize(folder));
const named = args.filter((a) => !a.startsWith('--'));
for (const file of named) {
  if (!fs.existsSync(file)) {
    console.error(`no such test file or folder: ${file}`);
    process.exit(2);
  }
}

/** Every *.test.ts under a folder, at any depth, outside the --except folders. */
function testFilesUnder(folder) {
  if (except.includes(path.normalize(folder))) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const child = path.join(folder, entry.name);
    if (entry.isDirectory()) return testFilesUnder(child);
    return entry.name.endsWith('.test.ts') ? [child] : [];
  });
}

const files = [...new Set(named.flatMap((a) => (fs.statSync(a).isDirectory() ? testFilesUnder(a) : [a])))].sort();
if (files.length === 0 || !(concurrency >= 1)) {
  console.error('usage: node scripts/run-node-tests.mjs [--concurrency=N] [--except=<folder>,...] <test files or folders...>');
  process.exit(2);
}
if (args.includes('--list')) {
  // The files a run would take, one a line, and nothing run (to compare what two scripts cover).
  console.log(files.join('\n'));
  process.exit(0);
}

/** Counts from the TAP summary a node:test process prints last (`# pass 3`, `# fail 0`, ...). */
function summaryOf(output) {
  const count = (name) => {
    const match = new RegExp(`^# ${name} (\\d+)$`, 'm').exec(output);
    return match ? Number(match[1]) : null;
  };
  const tests = count('tests');
  if (tests === null) return null;
  return { tests, pass: count('pass') ?? 0, fail: count('fail') ?? 0, cancelled: count('cancelled') ?? 0 };
}

/** The kernel's word on each thread of a blocked process, for the log (what it waits on). */
function threadStates(pid) {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
      const name = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const wchan = fs.readFileSync(`/proc/${pid}/task/${tid}/wchan`, 'utf8').trim();
      return `${name}:${wchan || '-'}`;
    }).join(' ');
  } catch {
    return '(threads not readable)';
  }
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    child.kill('SIGKILL');
  }
}

/**
 * One try of one file. Resolves { output, summary, code, how } where how is 'exited', 'exit-hung'
 * (results complete, process would not end), 'blocked' or 'stuck'.
 */
function runOnce(file) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [
      '--import', 'tsx',
      '--import', path.resolve('scripts/test-heartbeat.mjs'),
      '--test-reporter=tap',
      // Ends the process once its tests are done, even if a handle is left open.
      '--test-force-exit',
      file,
    ], {
      env: { ...process.env, SSO_TEST_HEARTBEAT_FD: String(HEARTBEAT_FD) },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      // Its own process group, so that servers the test spawned die with it.
      detached: true,
    });
    let output = '';
    let lastBeat = Date.now();
    let lastProgress = Date.now();
    let summarySeenAt = null;
    let verdict = null;
    const collect = (chunk) => {
      output += chunk;
      lastProgress = Date.now();
      if (summarySeenAt === null && summaryOf(output)) summarySeenAt = Date.now();
    };
    child.stdout.setEncoding('utf8').on('data', collect);
    child.stderr.setEncoding('utf8').on('data', collect);
    child.stdio[HEARTBEAT_FD].on('data', () => {
      lastBeat = Date.now();
    });
    const watch = setInterval(() => {
      const now = Date.now();
      if (summarySeenAt !== null && now - summarySeenAt > EXIT_GRACE_MS) verdict = 'exit-hung';
      else if (now - lastBeat > BLOCKED_AFTER_MS) verdict = 'blocked';
      else if (now - lastProgress > STUCK_AFTER_MS) verdict = 'stuck';
      if (verdict === null) return;
      clearInterval(watch);
      output += `\n# run-node-tests: ${verdict} after ${Math.round((now - started) / 1000)} s; threads: ${threadStates(child.pid)}\n`;
      killGroup(child);
    }, 1000);
    child.on('close', (code) => {
      clearInterval(watch);
      resolve({ output, summary: summaryOf(output), code, how: verdict ?? 'exited', seconds: (Date.now() - started) / 1000 });
    });
  });
}

function passed(result) {
  const { summary } = result;
  if (!summary || summary.fail > 0 || summary.cancelled > 0) return false;
  if (result.how === 'exited') return result.code === 0;
  return result.how === 'exit-hung';
}

async function runFile(file) {
  const first = await runOnce(file);
  if (first.how !== 'blocked') return { file, result: first, notes: first.how === 'exit-hung' ? ['process did not exit after its results; killed'] : [] };
  const second = await runOnce(file);
  return {
    file,
    result: second,
    notes: [`first try blocked (main thread silent ${BLOCKED_AFTER_MS / 1000} s before its results were complete); ran again`, ...(second.how === 'exit-hung' ? ['process did not exit after its results; killed'] : [])],
    firstOutput: first.output,
  };
}

const queue = [...files];
const outcomes = [];
async function worker() {
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const outcome = await runFile(file);
    outcomes.push(outcome);
    console.log(`\n======== ${file} (${outcome.result.seconds.toFixed(1)} s) ========`);
    if (outcome.firstOutput) console.log(`-------- first try --------\n${outcome.firstOutput}\n-------- second try --------`);
    console.log(outcome.result.output.trimEnd());
    for (const note of outcome.notes) console.log(`# run-node-tests: ${note}`);
  }
}
await Promise.all(Array.from({ length: Math.min(concurrency, files.length) }, worker));

console.log('\n======== summary ========');
let failed = 0;
for (const { file, result, notes } of outcomes.sort((a, b) => a.file.localeCompare(b.file))) {
  const ok = passed(result);
  if (!ok) failed++;
  const counts = result.summary ? `${result.summary.pass}/${result.summary.tests} passed` : 'no results';
  const extra = notes.length > 0 ? ` (${notes.join('; ')})` : '';
  const why = ok ? '' : result.how === 'exited' ? `, exit code ${result.code}` : `, ${result.how}`;
  console.log(`${ok ? 'ok    ' : 'FAILED'} ${file}: ${counts}${why}, ${result.seconds.toFixed(1)} s${extra}`);
}
console.log(`${outcomes.length - failed} of ${outcomes.length} files passed`);
process.exit(failed === 0 ? 0 : 1);
