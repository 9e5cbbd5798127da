// The client group a request belongs to: named by its ssoDomain, else by the Host it came in on.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { ClientGroup } from '../records/catalog.ts';
import { pickGroup, type RequestOrigin } from './client-groups.ts';

export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { protocol: request.protocol, port: String(request.port ?? '') };
}

export async function groupFor(ctx: AppContext, request: FastifyRequest, ssoDomain: string | undefined): Promise<ClientGroup> {
  const group = pickGroup(await ctx.stores.catalog.listGroups(), ssoDomain || request.hostname);
  if (!group) throw new Error('no client group is configured (run npm run admin -- seed)');
  return group;
}
