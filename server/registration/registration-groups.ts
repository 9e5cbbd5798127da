// Which client groups a self-registered dealer joins: SSO_REGISTRATION_GROUPS when set, else the
// group of the brand site where he registered (the login box's ssoDomain, else the Host; the same
// choice that brands the page he filled in). Never a staff group: a group marked staffOnly is
// skipped even when the setting names it, so a dealer cannot register his way into staff apps.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { groupFor } from '../catalog/index.ts';

export async function registrationGroups(ctx: AppContext, request: FastifyRequest, ssoDomain: string | undefined): Promise<string[]> {
  const wanted = ctx.config.registrationGroups ?? [(await groupFor(ctx, request, ssoDomain)).code];
  const groups = await ctx.stores.catalog.listGroups();
  return groups.filter((g) => wanted.includes(g.code) && !g.staffOnly).map((g) => g.code);
}
