// Server-to-server and operations endpoints: the signed tenant list (spec section 7), health.
import type { GroupSummary } from './catalog.ts';
import { endpoint } from './endpoint.ts';
import { NoQuery } from './fields.ts';

/** Needs the signature, nonce, timestamp and url headers (docs/security.md says what they prove). */
export const tenantList = endpoint<GroupSummary[]>()({ method: 'GET', path: '/tenant/list', query: NoQuery });

/** One dependency's probe: did it answer, and how fast. */
export interface DependencyCheck {
  ok: boolean;
  ms: number;
}

/** `checks` only for callers allowed to see the details (SSO_HEALTH_TOKEN, docs/server.md). */
export interface HealthAnswer {
  status: 'ok' | 'degraded';
  checks?: Partial<Record<'database' | 'redis', DependencyCheck>>;
}

export const health = endpoint<HealthAnswer>()({ method: 'GET', path: '/health', query: NoQuery });
export const healthReady = endpoint<HealthAnswer>()({ method: 'GET', path: '/health/ready', query: NoQuery });
