// GET /tenant/list: the client-group list. The signature is md5(secret + nonce + url + timestamp);
// stale timestamps and reused nonces are refused. The secret ships inside the public widget (as in
// the original system), so the signature guards the request's integrity against casual tampering
// and replay; it is NOT authentication: the list holds nothing private (docs/security.md), and the
// route is rate limited per IP like the other look-ups.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { sameText, tenantSignature } from '../crypto/signature.ts';
import { groupSummary } from '../catalog/index.ts';
import { HttpMessages, unauthorized } from '../http/api-error.ts';
import { requestOrigin } from '../catalog/index.ts';
import { tenantList } from '../../contract/endpoints/tenant.ts';
import { ok } from '../http/envelope.ts';
import type { SlicePlugin } from '../slice-plugin.ts';

const header = (value: string | string[] | undefined): string | null => (typeof value === 'string' && value.length <= 256 ? value : null);

export function registerTenantRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(tenantList.path, {
    schema: { querystring: tenantList.query },
    config: { rateLimit: { max: ctx.config.userLookupPerMinute, timeWindow: 60_000 } },
  }, async (request) => {
    const signature = header(request.headers.signature);
    const nonce = header(request.headers.nonce);
    const timestamp = header(request.headers.timestamp);
    const url = header(request.headers.url);
    if (!signature || !nonce || !timestamp || !url || !/^\d{1,16}$/.test(timestamp)) throw unauthorized(HttpMessages.badSignature);
    if (url !== tenantList.path || !sameText(signature.toLowerCase(), tenantSignature(ctx.config.signSecret, nonce, url, timestamp))) {
      throw unauthorized(HttpMessages.badSignature);
    }
    const now = ctx.now();
    if (Math.abs(now - Number(timestamp)) > ctx.config.signatureMaxAgeMs) throw unauthorized(HttpMessages.signatureExpired);
    if (!(await ctx.stores.nonces.rememberNonce(nonce, now + 2 * ctx.config.signatureMaxAgeMs, now))) throw unauthorized(HttpMessages.nonceReplayed);
    const via = requestOrigin(request);
    return ok(tenantList, (await ctx.stores.catalog.listGroups()).map((g) => groupSummary(g, via)));
  });
}

export const tenantSlice: SlicePlugin = {
  name: 'tenant',
  api: ({ api, ctx }) => registerTenantRoutes(api, ctx),
};
