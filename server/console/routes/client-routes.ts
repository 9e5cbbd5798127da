// 应用 (1/2): the OpenID Connect clients, and the signing key.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import {
  listClients, removeClient, rotateClientSecret, rotateSigningKey, saveClient, setClientDisabled,
  type ConsoleClient, type SaveClientBody,
} from '../../../contract/endpoints/console.ts';
import type { StoredClient } from '../../oidc/index.ts';
import {
  removeClientByAdmin, requireClient, rotateClientSecret as rotateSecret, rotateSigningKey as rotateKey,
  saveClientByAdmin, setClientDisabled as setDisabled,
} from '../../oidc/index.ts';
import { ok } from '../../http/envelope.ts';
import { requireAdmin, requireRecentAuth } from '../console-guard.ts';
import { asConsoleAnswer } from '../console-refusal.ts';
import { recordAdminAction } from '../record-admin-action.ts';

export function consoleClientOf(c: StoredClient): ConsoleClient {
  return {
    clientId: c.clientId, name: c.name, public: c.secretHash === null, redirectUris: c.redirectUris,
    postLogoutRedirectUris: c.postLogoutRedirectUris, backchannelLogoutUri: c.backchannelLogoutUri,
    initiateLoginUri: c.initiateLoginUri, groups: c.groups, consent: c.consent, scopes: c.scopes, disabled: c.disabled,
    previousSecretUntil: c.previousSecretUntil, updatedAt: c.updatedAt,
  };
}

type ClientRef = { clientId: string };

export function registerConsoleClientRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get(listClients.path, { schema: { querystring: listClients.query } }, async (request, reply) => {
    await requireAdmin(ctx, request, reply);
    return ok(listClients, (await ctx.stores.oidcClients.list()).map(consoleClientOf));
  });

  api.post<{ Body: SaveClientBody }>(saveClient.path, { schema: { body: saveClient.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const { expectedUpdatedAt, ...input } = request.body;
    const before = await ctx.stores.oidcClients.find(input.clientId);
    const saved = await asConsoleAnswer(() => saveClientByAdmin(ctx, input, expectedUpdatedAt));
    const client = consoleClientOf(saved.client);
    await recordAdminAction(ctx, admin.user.username, request.ip, before ? 'client.update' : 'client.create', input.clientId,
      before && consoleClientOf(before), client);
    return ok(saveClient, { client, secret: saved.secret });
  });

  api.post<{ Body: ClientRef & { disabled: boolean } }>(setClientDisabled.path, { schema: { body: setClientDisabled.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const { clientId, disabled } = request.body;
    const client = consoleClientOf(await asConsoleAnswer(() => setDisabled(ctx, clientId, disabled)));
    await recordAdminAction(ctx, admin.user.username, request.ip, disabled ? 'client.disable' : 'client.enable', clientId, null, client);
    return ok(setClientDisabled, client);
  });

  api.post<{ Body: ClientRef }>(removeClient.path, { schema: { body: removeClient.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    const { clientId } = request.body;
    const before = await asConsoleAnswer(() => requireClient(ctx, clientId));
    await asConsoleAnswer(() => removeClientByAdmin(ctx, clientId));
    await recordAdminAction(ctx, admin.user.username, request.ip, 'client.remove', clientId, consoleClientOf(before), null);
    return ok(removeClient, null);
  });

  api.post<{ Body: ClientRef & { graceMinutes: number } }>(rotateClientSecret.path, { schema: { body: rotateClientSecret.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    requireRecentAuth(ctx, admin);
    const { clientId, graceMinutes } = request.body;
    const rotated = await asConsoleAnswer(() => rotateSecret(ctx, clientId, graceMinutes));
    const client = consoleClientOf(rotated.client);
    await recordAdminAction(ctx, admin.user.username, request.ip, 'client.rotate-secret', clientId, null, { graceMinutes });
    return ok(rotateClientSecret, { client, secret: rotated.secret });
  });

  api.post(rotateSigningKey.path, { schema: { body: rotateSigningKey.body } }, async (request, reply) => {
    const admin = await requireAdmin(ctx, request, reply);
    requireRecentAuth(ctx, admin);
    const kid = await rotateKey(ctx);
    await recordAdminAction(ctx, admin.user.username, request.ip, 'keys.rotate', 'oidc-signing-keys', null, { kid });
    return ok(rotateSigningKey, { kid });
  });
}
