// 应用: the CAS services and SAML 2.0 service providers, through the admin actions the CLI's
// add-client --protocol cas|saml and remove-client use (cas/protocol-admin.ts, saml/saml-admin.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import {
  fetchSamlMetadata, listProtocolApps, MAX_SP_METADATA_CHARS, removeProtocolApp, saveCasService, saveSamlSp,
  type ConsoleProtocolApp, type SaveCasServiceBody, type SaveSamlSpBody,
} from '../../../contract/endpoints/console.ts';
import type { ProtocolClient } from '../../cas/index.ts';
import { removeProtocolAppByAdmin, saveCasServiceByAdmin } from '../../cas/index.ts';
import { saveSamlSpByAdmin } from '../../saml/index.ts';
import { describeSpMetadata, fetchCheckedSpMetadata, SpMetadataError } from '../../saml/index.ts';
import { AdminActionError } from '../../admin-action-error.ts';
import { ok } from '../../http/envelope.ts';
import { requireAdmin } from '../console-guard.ts';
import { asConsoleAnswer } from '../console-refusal.ts';
import { recordAdminAction } from '../record-admin-action.ts';

export function consoleProtocolAppOf(c: ProtocolClient): ConsoleProtocolApp {
  return {
    id: c.id, protocol: c.protocol, name: c.name, groups: c.groups, services: c.cas?.services ?? [],
    saml: c.saml ? { ...describeSpMetadata(c.saml.metadata), nameIdFormat: c.saml.nameIdFormat, signResponse: c.saml.signResponse === true, metadata: c.saml.metadata } : null,
    updatedAt: c.updatedAt ?? 0,
  };
}

/** What the audit keeps of an app: everything but the metadata XML itself (its entityID and ACS URLs stand for it). */
function audited(c: ProtocolClient | null): Omit<ConsoleProtocolApp, 'saml'> & { saml: Omit<NonNullable<ConsoleProtocolApp['saml']>, 'metadata'> | null } | null {
  if (!c) return null;
  const app = consoleProtocolAppOf(c);
  return { ...app, saml: app.saml && { entityId: app.saml.entityId, acsUrls: app.saml.acsUrls, nameIdFormat: app.saml.nameIdFormat, signResponse: app.saml.signResponse } };
}

export function registerConsoleProtocolAppRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get(listProtocolApps.path, { schema: { querystring: listProtocolApps.query } }, async (request, reply) => {
    await requireAdmin(ctx, request, reply);
    return ok(listProtocolApps, (await ctx.stores.protocolClients.list()).map(consoleProtocolAppOf));
  });

  api.post<{ Body: SaveCasServiceBody }>(saveCasService.path, { schema: { body: saveCasService.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const { expectedUpdatedAt, ...input } = request.body;
    const before = await ctx.stores.protocolClients.find(input.id);
    const saved = await asConsoleAnswer(() => saveCasServiceByAdmin(ctx, input, expectedUpdatedAt));
    await recordAdminAction(ctx, admin.user.username, request.ip, before ? 'cas-service.update' : 'cas-service.create', input.id, audited(before), audited(saved));
    return ok(saveCasService, consoleProtocolAppOf(saved));
  });

  // The metadata may be larger than the API's usual 64 KB body.
  api.post<{ Body: SaveSamlSpBody }>(saveSamlSp.path, { schema: { body: saveSamlSp.body }, bodyLimit: MAX_SP_METADATA_CHARS * 4 + 16 * 1024 }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const { expectedUpdatedAt, ...input } = request.body;
    const before = await ctx.stores.protocolClients.find(input.id);
    const saved = await asConsoleAnswer(() => saveSamlSpByAdmin(ctx, input, expectedUpdatedAt));
    await recordAdminAction(ctx, admin.user.username, request.ip, before ? 'saml-sp.update' : 'saml-sp.create', input.id, audited(before), audited(saved));
    return ok(saveSamlSp, consoleProtocolAppOf(saved));
  });

  // 获取: the server fetches the SP's metadata for the form (nothing is saved); audited, since the
  // server makes a request on the administrator's word.
  api.post<{ Body: { url: string } }>(fetchSamlMetadata.path, { schema: { body: fetchSamlMetadata.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const { url } = request.body;
    const fetched = await asConsoleAnswer(async () => {
      try {
        return await fetchCheckedSpMetadata(url, { production: ctx.config.production, allow: ctx.config.oidcBackchannelAllow });
      } catch (error) {
        if (error instanceof SpMetadataError) throw new AdminActionError('badInput', error.chinese);
        throw error;
      }
    });
    await recordAdminAction(ctx, admin.user.username, request.ip, 'saml-sp.fetch-metadata', url, null, { entityId: fetched.entityId });
    return ok(fetchSamlMetadata, fetched);
  });

  api.post<{ Body: { id: string } }>(removeProtocolApp.path, { schema: { body: removeProtocolApp.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const removed = await asConsoleAnswer(() => removeProtocolAppByAdmin(ctx, request.body.id));
    await recordAdminAction(ctx, admin.user.username, request.ip, removed.protocol === 'cas' ? 'cas-service.remove' : 'saml-sp.remove', removed.id, audited(removed), null);
    return ok(removeProtocolApp, null);
  });
}
