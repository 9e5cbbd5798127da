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
}

export async function runLoad(options: Options & { duration: number }): Promise<LoadFigures> {
  const result = await autocannon({ connections: 10, ...options });
  const bad = result.errors + result.timeouts + result.non2xx + result.mismatches;
  const good = result['2xx'] - result.mismatches;
  return {
    rate: good / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    bad,
  };
}
