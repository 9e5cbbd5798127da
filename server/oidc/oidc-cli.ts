// Admin commands of the OpenID Connect slice (dispatched by server/cli.ts): clients and signing
// keys (group memberships, which --group relies on, are server/cli.ts's grant / revoke). They
// write the database; running servers see client changes within five seconds (client-registry.ts)
// and new keys within five seconds (oidc-plugin.ts).
import type { ServerConfig } from '../config.ts';
import { openStorage } from '../storage/storage.ts';
import { generateSecret, hashSecret, MIN_SECRET_LENGTH } from './client-secrets.ts';
import { CLIENT_ID_PATTERN, listClients, removeClient, saveClient, type RegisteredClient } from './client-registry.ts';
import { openOidcDatabase, type OidcDb } from './oidc-database.ts';
import { SqlOidcStorage } from './sql-oidc-storage.ts';
import { fileKeyPlace, rotateKeys, storageKeyPlace } from './signing-keys.ts';

export class OidcUsageError extends Error {}

export const OIDC_CLI_OPTIONS = {
  secret: { type: 'string' },
  'redirect-uri': { type: 'string', multiple: true },
  'post-logout-redirect-uri': { type: 'string', multiple: true },
  'backchannel-logout-uri': { type: 'string' },
  'initiate-login-uri': { type: 'string' },
  name: { type: 'string' },
  group: { type: 'string', multiple: true },
  public: { type: 'boolean' },
  consent: { type: 'boolean' },
} as const;

export const OIDC_USAGE = `  add-client <client-id> [--secret <secret>] --redirect-uri <uri> [--redirect-uri <uri>]...
      [--post-logout-redirect-uri <uri>]... [--backchannel-logout-uri <uri>] [--initiate-login-uri <uri>]
      [--name <显示名>] [--group <group code>]... [--public] [--consent]
                                                   register (or replace) an OpenID Connect client; without
                                                   --secret (and without --public) a secret is generated and printed once
  list-clients                                     registered OpenID Connect clients
  remove-client <client-id>
  rotate-keys                                      new signing key; older ones stay published until their tokens expired`;

type Flags = Record<string, string | boolean | (string | boolean)[] | undefined>;

const COMMANDS = new Set(['add-client', 'list-clients', 'remove-client', 'rotate-keys']);

function strings(value: Flags[string]): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

function uri(value: string, flag: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new OidcUsageError(`${flag}: not an absolute URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OidcUsageError(`${flag}: http or https only: ${value}`);
  if (url.hash) throw new OidcUsageError(`${flag}: no #fragment allowed: ${value}`);
  return value;
}

async function addClient(db: OidcDb, args: string[], flags: Flags): Promise<string> {
  const clientId = args[0];
  if (!clientId || !CLIENT_ID_PATTERN.test(clientId)) throw new OidcUsageError('<client-id>: 1-64 letters, digits, . _ -');
  const isPublic = flags.public === true;
  let secret = typeof flags.secret === 'string' ? flags.secret : null;
  if (isPublic && secret) throw new OidcUsageError('--public clients have no secret (they use PKCE)');
  if (secret !== null && secret.length < MIN_SECRET_LENGTH) throw new OidcUsageError(`--secret: at least ${MIN_SECRET_LENGTH} characters`);
  const generated = !isPublic && secret === null;
  if (generated) secret = generateSecret();
  const redirectUris = strings(flags['redirect-uri']).map((u) => uri(u, '--redirect-uri'));
  if (redirectUris.length === 0) throw new OidcUsageError('at least one --redirect-uri');
  const client: RegisteredClient = {
    clientId,
    secretHash: secret ? hashSecret(secret) : null,
    redirectUris,
    postLogoutRedirectUris: strings(flags['post-logout-redirect-uri']).map((u) => uri(u, '--post-logout-redirect-uri')),
    backchannelLogoutUri: typeof flags['backchannel-logout-uri'] === 'string' ? uri(flags['backchannel-logout-uri'], '--backchannel-logout-uri') : null,
    initiateLoginUri: typeof flags['initiate-login-uri'] === 'string' ? uri(flags['initiate-login-uri'], '--initiate-login-uri') : null,
    name: typeof flags.name === 'string' ? flags.name : null,
    groups: strings(flags.group),
    consent: flags.consent === true,
  };
  const known = new Set((await db.selectFrom('client_groups' as never).select('code' as never).execute() as { code: string }[]).map((g) => g.code));
  const unknown = client.groups.filter((g) => !known.has(g));
  if (unknown.length) throw new OidcUsageError(`--group: no group ${unknown.join(', ')}`);
  await saveClient(db, client, Date.now());
  const kind = isPublic ? 'public client (PKCE, no secret)' : 'confidential client';
  return `client ${clientId} saved: ${kind}` + (generated ? `\nclient_secret (shown once, stored hashed): ${secret}` : '');
}

function describe(c: RegisteredClient): string {
  return [
    `${c.clientId}${c.name ? ` (${c.name})` : ''}: ${c.secretHash ? 'confidential' : 'public'}${c.consent ? ', consent' : ''}`,
    `  redirect: ${c.redirectUris.join(' ')}`,
    c.postLogoutRedirectUris.length ? `  post-logout: ${c.postLogoutRedirectUris.join(' ')}` : '',
    c.backchannelLogoutUri ? `  back-channel logout: ${c.backchannelLogoutUri}` : '',
    c.initiateLoginUri ? `  initiate login: ${c.initiateLoginUri}` : '',
    `  groups: ${c.groups.join(' ') || '(every signed-in account)'}`,
  ].filter(Boolean).join('\n');
}

/** Runs an OpenID Connect command; null when `command` is not one of them. */
export async function runOidcCommand(config: ServerConfig, command: string | undefined, args: string[], flags: Flags): Promise<string | null> {
  if (!command || !COMMANDS.has(command)) return null;
  // Opening the storage runs the migrations first.
  await (await openStorage(config)).close();
  const db = await openOidcDatabase(config);
  try {
    switch (command) {
      case 'add-client':
        return await addClient(db, args, flags);
      case 'list-clients':
        return (await listClients(db)).map(describe).join('\n') || '(no clients)';
      case 'remove-client':
        if (!args[0]) throw new OidcUsageError('missing <client-id>');
        return (await removeClient(db, args[0])) ? `client ${args[0]} removed` : `no client "${args[0]}"`;
      default: { // rotate-keys
        const place = config.databaseUrl ? storageKeyPlace(new SqlOidcStorage(db)) : fileKeyPlace(config.oidcKeyFile);
        const set = await rotateKeys(place);
        return `signing key ${set.keys[0]!.jwk.kid} added; ${set.keys.length - 1} older key(s) still published`;
      }
    }
  } finally {
    await db.destroy();
  }
}
