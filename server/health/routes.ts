// GET /api/health (liveness with details: always 200 while the process answers) and
// GET /api/health/ready (readiness: 503 while the database or Redis does not answer, so a load
// balancer stops sending traffic to this instance until the dependency is back).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpMessages } from '../http/api-error.ts';
import { health, healthReady, type HealthAnswer } from '../../contract/endpoints/tenant.ts';
import { ok } from '../http/envelope.ts';
import type { SlicePlugin } from '../slice-plugin.ts';
import { healthDetailsAllowed } from '../http/health-access.ts';

export interface DependencyProbe {
  name: 'database' | 'redis';
  check(): Promise<unknown>;
}

export interface ProbeResult {
  ok: boolean;
  ms: number;
}

const PROBE_TIMEOUT_MS = 2000;

async function probe(dependency: DependencyProbe): Promise<ProbeResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([dependency.check(), timeout]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch {
    return { ok: false, ms: Math.round(performance.now() - started) };
  } finally {
    clearTimeout(timer);
  }
}

async function report(probes: DependencyProbe[]): Promise<{ healthy: boolean; data: HealthAnswer }> {
  const results = await Promise.all(probes.map(probe));
  const checks = Object.fromEntries(probes.map((p, i) => [p.name, results[i]!]));
  const healthy = results.every((r) => r.ok);
  return { healthy, data: { status: healthy ? 'ok' : 'degraded', checks } };
}

/**
 * `detailsAllowed` (server/http/health-access.ts) decides who sees which dependency answered and how
 * fast; the others get the status alone.
 */
export function registerHealthRoutes(
  app: FastifyInstance, probes: DependencyProbe[], detailsAllowed: (request: FastifyRequest) => boolean = () => true,
): void {
  const shown = async (request: FastifyRequest) => {
    const { healthy, data } = await report(probes);
    return { healthy, data: detailsAllowed(request) ? data : { status: data.status } };
  };
  app.get(health.path, { schema: { querystring: health.query } }, async (request) => ok(health, (await shown(request)).data));

  app.get(healthReady.path, { schema: { querystring: healthReady.query } }, async (request, reply) => {
    const { healthy, data } = await shown(request);
    if (healthy) return ok(healthReady, data);
    return reply.status(503).send({ code: 503, msg: HttpMessages.storageDown, data });
  });
}

/** Health: /api/health and /api/health/ready, probing the database and, when configured, Redis. */
export const healthSlice: SlicePlugin = {
  name: 'health',
  api: ({ api, ctx }) => {
    const { redis } = ctx.storage;
    const probes: DependencyProbe[] = [{ name: 'database', check: () => ctx.stores.meta.getMeta('health-probe') }];
    if (redis) probes.push({ name: 'redis', check: () => redis.ping() });
    registerHealthRoutes(api, probes, healthDetailsAllowed(ctx.config.healthToken));
  },
};
