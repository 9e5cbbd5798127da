// JSON calls to the messenger upstreams with a timeout. Network faults become UpstreamUnavailable
// (HTTP 503 to the client); answers with an error code are left to the caller.
export class UpstreamUnavailable extends Error {}

export async function upstreamJson(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: unknown },
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? 'GET',
      headers: { ...(init.body === undefined ? {} : { 'Content-Type': 'application/json; charset=utf-8' }), ...init.headers },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new UpstreamUnavailable(`${new URL(url).host} unreachable: ${(error as Error).message}`);
  }
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new UpstreamUnavailable(`${new URL(url).host} answered HTTP ${response.status} without JSON`);
}
