// Server-to-server and operations endpoints: the signed tenant list (spec section 7), health.
import { NoQuery } from './fields.ts';

/** Needs the signature, nonce, timestamp and url headers (docs/security.md says what they prove). */
export const tenantList = { method: 'GET', path: '/tenant/list', query: NoQuery } as const;

export const health = { method: 'GET', path: '/health', query: NoQuery } as const;
export const healthReady = { method: 'GET', path: '/health/ready', query: NoQuery } as const;
