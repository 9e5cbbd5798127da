// What an administrator does to OpenID Connect clients, for the console and the CLI: save (with
// the row version the console read, so two administrators cannot overwrite each other), disable,
// remove, rotate the secret with a grace period. The definition rules are client-definition.ts's,
// the same as add-client's and the import's.
import type { AppContext } from '../context.ts';
import { AdminActionError } from '../admin-action-error.ts';
import { ClientDefinitionError, defineClient, type ClientInput } from './client-definition.ts';
import { generateSecret, hashSecret } from './client-secrets.ts';
import type { StoredClient } from './client-store.ts';
import { oidcKeyPlace } from './oidc-key-place.ts';
import { rotateKeys } from './signing-keys.ts';

const FIELD_LABELS: Record<keyof ClientInput, string> = {
  clientId: '客户端 ID', secret: '密钥', public: '公开客户端', redirectUris: '回调地址', postLogoutRedirectUris: '退出后回调地址',
  backchannelLogoutUri: '后端通道退出地址', initiateLoginUri: '发起登录地址', name: '名称', groups: '客户群', consent: '需用户同意',
  scopes: '允许的 scope',
};

export async function requireClient(ctx: AppContext, clientId: string): Promise<StoredClient> {
  const client = await ctx.stores.oidcClients.find(clientId);
  if (!client) throw new AdminActionError('notFound', `客户端 ${clientId} 不存在`);
  return client;
}

/**
 * Creates (expectedUpdatedAt null) or changes a client. A new confidential client gets a generated
 * secret, answered once; a change keeps the stored secret (rotateClientSecret changes it).
 */
export async function saveClientByAdmin(ctx: AppContext, input: ClientInput, expectedUpdatedAt: number | null): Promise<{ client: StoredClient; secret: string | null }> {
  const { stores } = ctx;
  const existing = await stores.oidcClients.find(input.clientId);
  if (expectedUpdatedAt === null && existing) throw new AdminActionError('exists', `客户端 ID ${input.clientId} 已被使用`);
  if (expectedUpdatedAt !== null && !existing) throw new AdminActionError('notFound', `客户端 ${input.clientId} 不存在，可能已被删除`);
  const knownGroups = new Set((await stores.catalog.listGroups()).map((g) => g.code));
  // Switching between public and confidential: the old secret must not carry over.
  const keep = existing && (existing.secretHash !== null) === !input.public ? existing : null;
  let defined;
  try {
    defined = defineClient({ ...input, secret: null }, (field) => FIELD_LABELS[field], { knownGroups, existing: keep, keepStoredSecret: true, httpsOnly: ctx.config.production });
  } catch (error) {
    if (error instanceof ClientDefinitionError) throw new AdminActionError('badInput', error.chinese);
    throw error;
  }
  if (!(await stores.oidcClients.saveIfUnchanged(defined.client, expectedUpdatedAt, ctx.now()))) {
    throw expectedUpdatedAt === null
      ? new AdminActionError('exists', `客户端 ID ${input.clientId} 已被使用`)
      : new AdminActionError('conflict', '该客户端已被其他管理员修改，请刷新后再改');
  }
  return { client: await requireClient(ctx, input.clientId), secret: defined.generatedSecret };
}

export async function setClientDisabled(ctx: AppContext, clientId: string, disabled: boolean): Promise<StoredClient> {
  if (!(await ctx.stores.oidcClients.setDisabled(clientId, disabled, ctx.now()))) throw new AdminActionError('notFound', `客户端 ${clientId} 不存在`);
  return requireClient(ctx, clientId);
}

export async function removeClientByAdmin(ctx: AppContext, clientId: string): Promise<void> {
  if (!(await ctx.stores.oidcClients.remove(clientId))) throw new AdminActionError('notFound', `客户端 ${clientId} 不存在`);
}

/** A new secret (answered once); the previous one keeps working for graceMinutes. */
export async function rotateClientSecret(ctx: AppContext, clientId: string, graceMinutes: number): Promise<{ client: StoredClient; secret: string }> {
  const client = await requireClient(ctx, clientId);
  if (!client.secretHash) throw new AdminActionError('badInput', '公开客户端没有密钥');
  const secret = generateSecret();
  const now = ctx.now();
  if (!(await ctx.stores.oidcClients.rotateSecret(clientId, hashSecret(secret), now + graceMinutes * 60_000, now))) {
    throw new AdminActionError('notFound', `客户端 ${clientId} 不存在`);
  }
  return { client: await requireClient(ctx, clientId), secret };
}

/** A new signing key; older ones stay published until their tokens have expired. Answers its kid. */
export async function rotateSigningKey(ctx: AppContext): Promise<string> {
  const set = await rotateKeys(oidcKeyPlace(ctx));
  return set.keys[0]!.jwk.kid as string;
}
