// Timing helpers shared by the bench sections. Each figure is the median of several short batches:
// the machines are shared and noisy, and a median of batches resists one slow moment.

export interface OpTiming {
  /** Median milliseconds per operation over the batches. */
  msPerOp: number;
  /** Fastest and slowest batch, ms per operation. */
  minMs: number;
  maxMs: number;
  operations: number;
  /** ms per operation of each batch, in order (interleaved timings only). */
  batchesMs?: number[];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs `op` in `batches` batches of about `batchMs` each (after a warm-up) and times them. */
export async function timeOperation(
  op: (i: number) => unknown,
  { batches = 5, batchMs = 300, warmup = 3 }: { batches?: number; batchMs?: number; warmup?: number } = {},
): Promise<OpTiming> {
  let i = 0;
  for (let w = 0; w < warmup; w++) await op(i++);
  const perBatch: number[] = [];
  let operations = 0;
  for (let b = 0; b < batches; b++) {
    const start = performance.now();
    let count = 0;
    while (performance.now() - start < batchMs) {
      await op(i++);
      count++;
    }
    perBatch.push((performance.now() - start) / count);
    operations += count;
  }
  return { msPerOp: median(perBatch), minMs: Math.min(...perBatch), maxMs: Math.max(...perBatch), operations };
}

/** Median over rounds of a's batch time divided by b's batch time in the same round. */
export function pairedRatio(a: OpTiming, b: OpTiming): number {
  const as = a.batchesMs ?? [a.msPerOp];
  const bs = b.batchesMs ?? [b.msPerOp];
  return median(as.map((value, i) => value / (bs[i] ?? b.msPerOp)));
}

/**
 * Times several operations in alternating batches (A B C A B C ...), so that a slow moment on a
 * shared machine hits all of them alike and their ratios stay meaningful.
 */
export async function timeInterleaved<K extends string>(
  ops: Record<K, (i: number) => unknown>,
  { batches = 5, batchMs = 300, warmup = 3 }: { batches?: number; batchMs?: number; warmup?: number } = {},
): Promise<Record<K, OpTiming>> {
  const names = Object.keys(ops) as K[];
  const perBatch = new Map<K, number[]>(names.map((n) => [n, []]));
  const counts = new Map<K, number>(names.map((n) => [n, 0]));
  let i = 0;
  for (const name of names) for (let w = 0; w < warmup; w++) await ops[name](i++);
  for (let b = 0; b < batches; b++) {
    for (const name of names) {
      const start = performance.now();
      let count = 0;
      while (performance.now() - start < batchMs) {
        await ops[name](i++);
        count++;
      }
      perBatch.get(name)!.push((performance.now() - start) / count);
      counts.set(name, counts.get(name)! + count);
    }
  }
  const result = {} as Record<K, OpTiming>;
  for (const name of names) {
    const times = perBatch.get(name)!;
    result[name] = {
      msPerOp: median(times),
      minMs: Math.min(...times),
      maxMs: Math.max(...times),
      operations: counts.get(name)!,
      batchesMs: times,
    };
  }
  return result;
}
