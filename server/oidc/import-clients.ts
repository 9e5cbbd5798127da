// The `clients` section of the import JSON (npm run admin -- import): the same fields as
// add-client, checked by a schema with messages that name the entry and the field, and saved in
// the import's transaction. Importing the same file again changes nothing: a client that is the
// same is not written, a given secret that matches the stored hash keeps it, and a confidential
// client given without a secret keeps the one it has (a new one gets a secret, printed once).
import { Type, type Static } from '@sinclair/typebox';
import { Value, type ValueError } from '@sinclair/typebox/value';
import type { Stores } from '../stores.ts';
import { ClientDefinitionError, defineClient, sameClient, type ClientInput } from './client-definition.ts';
import { MIN_SECRET_LENGTH } from './client-secrets.ts';
import { CLIENT_ID_PATTERN } from './client-registry.ts';

const Uri = Type.String({ minLength: 1, maxLength: 2048 });

export const ImportClientSchema = Type.Object({
  clientId: Type.String({ pattern: CLIENT_ID_PATTERN.source }),
  /** Stored hashed; leave out for a public client, or to keep (or, when new, generate) the secret. */
  secret: Type.Optional(Type.String({ minLength: MIN_SECRET_LENGTH })),
  public: Type.Optional(Type.Boolean()),
  redirectUris: Type.Array(Uri, { minItems: 1 }),
  postLogoutRedirectUris: Type.Optional(Type.Array(Uri)),
  backchannelLogoutUri: Type.Optional(Uri),
  initiateLoginUri: Type.Optional(Uri),
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  groups: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
  consent: Type.Optional(Type.Boolean()),
  /** What the app may ask for; not given: a stored client's, or openid profile phone groups. */
  scopes: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
}, { additionalProperties: false });

export const ImportClientsSchema = Type.Array(ImportClientSchema);

export type ImportClient = Static<typeof ImportClientSchema>;

/** What each field must be, in words an administrator acts on. */
const FIELD_RULES: Record<keyof ClientInput, string> = {
  clientId: 'a client id: 1-64 letters, digits, . _ -',
  secret: `a string of at least ${MIN_SECRET_LENGTH} characters`,
  public: 'true or false',
  redirectUris: 'a list of at least one absolute http(s) URL',
  postLogoutRedirectUris: 'a list of absolute http(s) URLs',
  backchannelLogoutUri: 'an absolute http(s) URL',
  initiateLoginUri: 'an absolute http(s) URL',
  name: 'a display name of 1-64 characters',
  groups: 'a list of group codes',
  consent: 'true or false',
  scopes: 'a list of scopes (openid profile phone groups), openid among them',
};

export class ImportClientsError extends Error {}

const labelOf = (index: number) => (field: keyof ClientInput) => `clients[${index}].${field}`;

function describeError(error: ValueError): string {
  // "/2/redirectUris/0" -> entry 2, field redirectUris
  const [index, field, ...rest] = error.path.split('/').slice(1);
  if (index === undefined) return 'clients must be a list';
  if (field === undefined) {
    const unknown = Object.keys((error.value ?? {}) as object).find((k) => !(k in FIELD_RULES));
    return unknown ? `clients[${index}].${unknown} is not a client field (${Object.keys(FIELD_RULES).join(', ')})`
      : `clients[${index}] must be an object with clientId and redirectUris`;
  }
  const rule = FIELD_RULES[field as keyof ClientInput];
  const where = `clients[${index}].${field}${rest.length ? `[${rest.join('.')}]` : ''}`;
  return rule ? `${where} must be ${rule}` : `clients[${index}].${field} is not a client field (${Object.keys(FIELD_RULES).join(', ')})`;
}

/** Checks the section by its schema; the first problem, named by entry and field. */
export function checkImportClients(value: unknown): ImportClient[] {
  const first = Value.Errors(ImportClientsSchema, value).First();
  if (first) throw new ImportClientsError(describeError(first));
  const seen = new Set<string>();
  for (const [i, c] of (value as ImportClient[]).entries()) {
    if (seen.has(c.clientId)) throw new ImportClientsError(`clients[${i}].clientId: "${c.clientId}" is listed twice`);
    seen.add(c.clientId);
  }
  return value as ImportClient[];
}

export interface ImportedClients {
  /** Clients new or changed by this import. */
  saved: number;
  /** Secrets generated for new confidential clients given without one: shown once, stored hashed. */
  generatedSecrets: { clientId: string; secret: string }[];
}

/**
 * Saves the clients in the import's transaction (`tx`), after its groups: --group may name them.
 * `httpsOnly`: NODE_ENV=production, where URIs must be https (loopback excepted).
 */
export async function importClients(tx: Stores, clients: ImportClient[], now: number, httpsOnly = false): Promise<ImportedClients> {
  const knownGroups = new Set((await tx.catalog.listGroups()).map((g) => g.code));
  const result: ImportedClients = { saved: 0, generatedSecrets: [] };
  for (const [i, entry] of clients.entries()) {
    const existing = await tx.oidcClients.find(entry.clientId);
    let defined;
    try {
      defined = defineClient(entry, labelOf(i), { knownGroups, existing, keepStoredSecret: true, httpsOnly });
    } catch (error) {
      if (error instanceof ClientDefinitionError) throw new ImportClientsError(error.message);
      throw error;
    }
    if (sameClient(existing, defined.client)) continue;
    await tx.oidcClients.save(defined.client, now);
    result.saved++;
    if (defined.generatedSecret) result.generatedSecrets.push({ clientId: entry.clientId, secret: defined.generatedSecret });
  }
  return result;
}
