// One bounded autocannon run and the figures the table shows.
import autocannon, { type Options } from 'autocannon';

export interface LoadFigures {
  /** Correct answers per second (2xx with the expected body). */
  rate: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Requests that failed, answered non-2xx or with another body: a valid run has none. */
  bad: number;
  /**
   * CPU time the server process spent per request (user + system, warm-up excluded), µs; null
   * when unknown. Unlike the rate, it hardly moves when other work shares the machine.
   */
  serverCpuUsPerRequest: number | null;
}

export async function runLoad(
  options: Options & { duration: number },
  serverCpuMs: () => number | null = () => null,
): Promise<LoadFigures> {
  const { warmup, ...measured } = options;
  // The warm-up runs on its own so that the server's CPU count covers the measured run only.
  if (warmup) await autocannon({ connections: 10, ...measured, ...warmup });
  const cpuBefore = serverCpuMs();
  const result = await autocannon({ connections: 10, ...measured });
  const cpuAfter = serverCpuMs();
  const bad = result.errors + result.timeouts + result.non2xx + result.mismatches;
  // A non-2xx answer never carries the expected body, so it is also among the mismatches.
  const good = measured.expectBody === undefined ? result['2xx'] : Math.max(0, result['2xx'] + result.non2xx - result.mismatches);
  return {
    rate: good / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    bad,
    serverCpuUsPerRequest:
      cpuBefore === null || cpuAfter === null || result.requests.total === 0
        ? null
        : ((cpuAfter - cpuBefore) * 1000) / result.requests.total,
  };
}
