// What an administrator does to CAS services (and what every CAS / SAML app shares), for the
// console and the CLI alike: save a CAS service (with the row version the console read, so two
// administrators cannot overwrite each other), remove an app. The SAML service provider's save is
// saml/saml-admin.ts's, on the same rules for the id, the name and the groups. Refusals are
// AdminActionError with a Chinese message (the console answers it, the CLI prints it).
import type { AppContext } from '../context.ts';
import { AdminActionError } from '../admin-action-error.ts';
import { APP_ID_PATTERN } from '../../contract/rules/app-id.ts';
import type { ProtocolClient } from './protocol-client-store.ts';
import { checkServicePattern, ServicePatternError } from './service-patterns.ts';
import { ProtocolAdminMessages as M } from '../../contract/errors.ts';

export interface CasServiceInput {
  id: string;
  name: string | null;
  /** Exact service URLs or prefixes ending in "*" (service-patterns.ts). */
  services: string[];
  groups: string[];
}

export async function requireProtocolApp(ctx: AppContext, id: string): Promise<ProtocolClient> {
  const app = await ctx.stores.protocolClients.find(id);
  if (!app) throw new AdminActionError('notFound', M.appGone(id));
  return app;
}

/** The rules every CAS / SAML app follows: its id (not an OpenID Connect client's), name and groups; answers the groups without repeats. */
export async function checkProtocolAppBasics(ctx: AppContext, id: string, name: string | null, groups: string[]): Promise<string[]> {
  if (!APP_ID_PATTERN.test(id)) throw new AdminActionError('badInput', M.badId);
  if (await ctx.stores.oidcClients.find(id)) throw new AdminActionError('exists', M.idIsOidcClient(id));
  if (name !== null && (name.trim().length < 1 || name.length > 64)) throw new AdminActionError('badInput', M.badName);
  const known = new Set((await ctx.stores.catalog.listGroups()).map((g) => g.code));
  const unknown = [...new Set(groups)].filter((g) => !known.has(g));
  if (unknown.length) throw new AdminActionError('badInput', M.unknownGroups(unknown));
  return [...new Set(groups)];
}

/**
 * Stores a checked app: creates it (expectedUpdatedAt null; refused when the id is taken) or
 * replaces it while it is still the version the administrator read (refused otherwise, 409).
 */
export async function saveProtocolApp(ctx: AppContext, app: ProtocolClient, expectedUpdatedAt: number | null): Promise<ProtocolClient> {
  const store = ctx.stores.protocolClients;
  const existing = await store.find(app.id);
  if (expectedUpdatedAt === null && existing) throw new AdminActionError('exists', M.idTaken(app.id));
  if (expectedUpdatedAt !== null && !existing) throw new AdminActionError('notFound', M.appGone(app.id));
  if (!(await store.saveIfUnchanged(app, expectedUpdatedAt, ctx.now()))) {
    throw expectedUpdatedAt === null
      ? new AdminActionError('exists', M.idTaken(app.id))
      : new AdminActionError('conflict', M.appChanged);
  }
  return requireProtocolApp(ctx, app.id);
}

/** Creates (expectedUpdatedAt null) or changes a CAS service. */
export async function saveCasServiceByAdmin(ctx: AppContext, input: CasServiceInput, expectedUpdatedAt: number | null): Promise<ProtocolClient> {
  const groups = await checkProtocolAppBasics(ctx, input.id, input.name, input.groups);
  const services = [...new Set(input.services.map((s) => s.trim()).filter(Boolean))];
  if (services.length === 0) throw new AdminActionError('badInput', M.serviceMissing);
  for (const service of services) {
    try {
      checkServicePattern(service, ctx.config.production);
    } catch (error) {
      if (error instanceof ServicePatternError) throw new AdminActionError('badInput', M.badService(error.chinese));
      throw error;
    }
  }
  // Overlapping patterns are allowed (the most specific wins, service-patterns.ts); the very same
  // pattern in two apps would leave the choice to chance, so it is refused.
  for (const other of await ctx.stores.protocolClients.list()) {
    if (other.id === input.id || other.protocol !== 'cas') continue;
    const shared = services.find((s) => other.cas?.services.includes(s));
    if (shared) throw new AdminActionError('exists', M.servicePatternTaken(shared, other.id));
  }
  return saveProtocolApp(ctx, { id: input.id, protocol: 'cas', name: input.name, groups, cas: { services } }, expectedUpdatedAt);
}

/** Removes a CAS service or SAML service provider; answers it as it was. */
export async function removeProtocolAppByAdmin(ctx: AppContext, id: string): Promise<ProtocolClient> {
  const before = await requireProtocolApp(ctx, id);
  if (!(await ctx.stores.protocolClients.remove(id))) throw new AdminActionError('notFound', M.appGone(id));
  return before;
}
