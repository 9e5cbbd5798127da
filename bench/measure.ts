// Timing helpers shared by the bench sections. Each figure is the median of several short batches:
// the machines are shared and noisy, and a median of batches resists one slow moment. Next to the
// wall time each batch also records the process's CPU time per operation, which hardly moves when
// other work shares the machine (it counts the time spent computing, not waiting for a core).

export interface OpTiming {
  /** Median wall-clock milliseconds per operation over the batches. */
  msPerOp: number;
  /** Fastest and slowest batch, wall-clock ms per operation. */
  minMs: number;
  maxMs: number;
  /** Median CPU milliseconds (user + system, all threads of this process) per operation. */
  cpuMsPerOp: number;
  operations: number;
  /** Wall-clock ms per operation of each batch, in order. */
  batchesMs: number[];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

interface Batch {
  wallMsPerOp: number;
  cpuMsPerOp: number;
  count: number;
}

async function runBatch(op: (i: number) => unknown, batchMs: number, next: () => number): Promise<Batch> {
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  let count = 0;
  while (performance.now() - start < batchMs) {
    await op(next());
    count++;
  }
  const wall = performance.now() - start;
  const cpu = process.cpuUsage(cpuStart);
  return { wallMsPerOp: wall / count, cpuMsPerOp: (cpu.user + cpu.system) / 1000 / count, count };
}

function summarise(batches: Batch[]): OpTiming {
  const wall = batches.map((b) => b.wallMsPerOp);
  return {
    msPerOp: median(wall),
    minMs: Math.min(...wall),
    maxMs: Math.max(...wall),
    cpuMsPerOp: median(batches.map((b) => b.cpuMsPerOp)),
    operations: batches.reduce((sum, b) => sum + b.count, 0),
    batchesMs: wall,
  };
}

interface TimingOptions {
  batches?: number;
  batchMs?: number;
  warmup?: number;
}

/** Runs `op` in `batches` batches of about `batchMs` each (after a warm-up) and times them. */
export async function timeOperation(
  op: (i: number) => unknown,
  { batches = 5, batchMs = 300, warmup = 3 }: TimingOptions = {},
): Promise<OpTiming> {
  let i = 0;
  const next = (): number => i++;
  for (let w = 0; w < warmup; w++) await op(next());
  const done: Batch[] = [];
  for (let b = 0; b < batches; b++) done.push(await runBatch(op, batchMs, next));
  return summarise(done);
}

/** Median over rounds of a's batch time divided by b's batch time in the same round. */
export function pairedRatio(a: OpTiming, b: OpTiming): number {
  return median(a.batchesMs.map((value, i) => value / (b.batchesMs[i] ?? b.msPerOp)));
}

/**
 * Times several operations in alternating batches (A B C A B C ...), so that a slow moment on a
 * shared machine hits all of them alike and their ratios stay meaningful.
 */
export async function timeInterleaved<K extends string>(
  ops: Record<K, (i: number) => unknown>,
  { batches = 5, batchMs = 300, warmup = 3 }: TimingOptions = {},
): Promise<Record<K, OpTiming>> {
  const names = Object.keys(ops) as K[];
  const done = new Map<K, Batch[]>(names.map((n) => [n, []]));
  let i = 0;
  const next = (): number => i++;
  for (const name of names) for (let w = 0; w < warmup; w++) await ops[name](next());
  for (let b = 0; b < batches; b++) {
    for (const name of names) done.get(name)!.push(await runBatch(ops[name], batchMs, next));
  }
  const result = {} as Record<K, OpTiming>;
  for (const name of names) result[name] = summarise(done.get(name)!);
  return result;
}
