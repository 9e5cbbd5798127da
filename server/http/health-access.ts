// Who may read /api/health's dependency details (which stores answer, how fast): the machine itself
// (a supervisor or probe on loopback) or a caller with SSO_HEALTH_TOKEN; everyone else sees the
// status alone. Details tell an attacker what the deployment runs on and when it struggles.
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const HEALTH_TOKEN_HEADER = 'x-health-token';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/**
 * A loopback caller is the machine itself only when no proxy forwarded the request: a reverse proxy
 * on the same host that SSO_TRUST_PROXY does not name makes every visitor look like loopback, and
 * its forwarding headers are what tell them apart.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  return LOOPBACK.test(request.ip) && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
}

/** request.ip is the client as the trusted proxies report it (SSO_TRUST_PROXY), not a header anyone writes. */
export function healthDetailsAllowed(healthToken: string | null): (request: FastifyRequest) => boolean {
  return (request) => {
    if (fromThisMachine(request)) return true;
    const given = request.headers[HEALTH_TOKEN_HEADER];
    return healthToken !== null && typeof given === 'string' && sameSecret(given, healthToken);
  };
}
