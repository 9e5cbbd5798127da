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
import { ClientAdminMessages as M } from '../../contract/errors.ts';

const FIELD_LABELS: Record<keyof ClientInput, string> = M.fieldLabels;

export async function requireClient(ctx: AppContext, clientId: string): Promise<StoredClient> {
  const client = await ctx.stores.oidcClients.find(clientId);
  if (!client) throw new AdminActionError('notFound', M.clientNotFound(clientId));
  return client;
}

/**
 * Creates (expectedUpdatedAt null) or changes a client. A new confidential client gets a generated
 * secret, answered once; a change keeps the stored secret (rotateClientSecret changes it).
 */
export async function saveClientByAdmin(ctx: AppContext, input: ClientInput, expectedUpdatedAt: number | null): Promise<{ client: StoredClient; secret: string | null }> {
  const { stores } = ctx;
  const existing = await stores.oidcClients.find(input.clientId);
  if (expectedUpdatedAt === null && existing) throw new AdminActionError('exists', M.clientIdTaken(input.clientId));
  if (expectedUpdatedAt !== null && !existing) throw new AdminActionError('notFound', M.clientGone(input.clientId));
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
      ? new AdminActionError('exists', M.clientIdTaken(input.clientId))
      : new AdminActionError('conflict', M.clientChanged);
  }
  return { client: await requireClient(ctx, input.clientId), secret: defined.generatedSecret };
}

export async function setClientDisabled(ctx: AppContext, clientId: string, disabled: boolean): Promise<StoredClient> {
  if (!(await ctx.stores.oidcClients.setDisabled(clientId, disabled, ctx.now()))) throw new AdminActionError('notFound', M.clientNotFound(clientId));
  return requireClient(ctx, clientId);
}

export async function removeClientByAdmin(ctx: AppContext, clientId: string): Promise<void> {
  if (!(await ctx.stores.oidcClients.remove(clientId))) throw new AdminActionError('notFound', M.clientNotFound(clientId));
}

/** A new secret (answered once); the previous one keeps working for graceMinutes. */
export async function rotateClientSecret(ctx: AppContext, clientId: string, graceMinutes: number): Promise<{ client: StoredClient; secret: string }> {
  const client = await requireClient(ctx, clientId);
  if (!client.secretHash) throw new AdminActionError('badInput', M.publicNoSecret);
  const secret = generateSecret();
  const now = ctx.now();
  if (!(await ctx.stores.oidcClients.rotateSecret(clientId, hashSecret(secret), now + graceMinutes * 60_000, now))) {
    throw new AdminActionError('notFound', M.clientNotFound(clientId));
  }
  return { client: await requireClient(ctx, clientId), secret };
}

/** A new signing key; older ones stay published until their tokens have expired. Answers its kid. */
export async function rotateSigningKey(ctx: AppContext): Promise<string> {
  const set = await rotateKeys(oidcKeyPlace(ctx));
  return set.keys[0]!.jwk.kid as string;
}
