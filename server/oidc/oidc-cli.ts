// Admin commands of the OpenID Connect slice (dispatched by server/cli.ts): clients and signing
// keys (group memberships, which --group relies on, are server/cli.ts's grant / revoke). They run
// on the parts compose.ts built, like every other command, and write the database; running servers
// see client changes within five seconds (catalog/app-registry.ts) and new keys within five seconds
// (oidc-plugin.ts).
import type { AppContext } from '../context.ts';
import { ClientDefinitionError, defineClient, type ClientInput } from './client-definition.ts';
import type { RegisteredClient } from './client-store.ts';
import { oidcKeyPlace } from './oidc-key-place.ts';
import { rotateKeys } from './signing-keys.ts';
import { extraArgumentsProblem } from '../cli-arguments.ts';

export class OidcUsageError extends Error {}

export const OIDC_CLI_OPTIONS = {
  // Refused on the command line (cli.ts): the value comes from standard input with --secret-stdin.
  secret: { type: 'string' },
  'secret-stdin': { type: 'boolean' },
  'redirect-uri': { type: 'string', multiple: true },
  'post-logout-redirect-uri': { type: 'string', multiple: true },
  'backchannel-logout-uri': { type: 'string' },
  'initiate-login-uri': { type: 'string' },
  name: { type: 'string' },
  group: { type: 'string', multiple: true },
  public: { type: 'boolean' },
  consent: { type: 'boolean' },
  scope: { type: 'string', multiple: true },
  'revoke-old': { type: 'boolean' },
} as const;

export const OIDC_USAGE = `  add-client <client-id> [--secret-stdin] --redirect-uri <uri> [--redirect-uri <uri>]...
      [--post-logout-redirect-uri <uri>]... [--backchannel-logout-uri <uri>] [--initiate-login-uri <uri>]
      [--name <显示名>] [--group <group code>]... [--public] [--consent] [--scope <scope>]...
                                                   --scope: what the app may ask for (openid profile phone groups;
                                                   default all four, or the replaced client's); others answer invalid_scope
                                                   register (or replace) an OpenID Connect client; --secret-stdin reads
                                                   its secret from standard input (never an argument); without it (and
                                                   without --public) a secret is generated and printed once
  list-clients                                     registered OpenID Connect clients
  remove-client <client-id>
  rotate-keys [--revoke-old]                       new signing key, published at once, signing an hour later; older ones
                                                   stay published until their tokens expired. --revoke-old (a compromised
                                                   key): the new key signs at once and every older key is withdrawn`;

type Flags = Record<string, string | boolean | (string | boolean)[] | undefined>;

export const OIDC_COMMANDS: ReadonlySet<string> = new Set(['add-client', 'list-clients', 'remove-client', 'rotate-keys']);

function strings(value: Flags[string]): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
}

const text = (value: Flags[string]): string | null => (typeof value === 'string' ? value : null);

const FLAG_OF: Record<keyof ClientInput, string> = {
  clientId: '<client-id>', secret: '--secret-stdin', public: '--public', redirectUris: '--redirect-uri',
  postLogoutRedirectUris: '--post-logout-redirect-uri', backchannelLogoutUri: '--backchannel-logout-uri',
  initiateLoginUri: '--initiate-login-uri', name: '--name', groups: '--group', consent: '--consent',
  scopes: '--scope',
};

async function addClient(ctx: AppContext, args: string[], flags: Flags): Promise<string> {
  const input: ClientInput = {
    clientId: args[0] ?? '',
    secret: text(flags.secret),
    public: flags.public === true,
    redirectUris: strings(flags['redirect-uri']),
    postLogoutRedirectUris: strings(flags['post-logout-redirect-uri']),
    backchannelLogoutUri: text(flags['backchannel-logout-uri']),
    initiateLoginUri: text(flags['initiate-login-uri']),
    name: text(flags.name),
    groups: strings(flags.group),
    consent: flags.consent === true,
    ...(flags.scope === undefined ? {} : { scopes: strings(flags.scope) }),
  };
  const { stores } = ctx;
  const knownGroups = new Set((await stores.catalog.listGroups()).map((g) => g.code));
  const existing = input.clientId ? await stores.oidcClients.find(input.clientId) : null;
  let defined;
  try {
    defined = defineClient(input, (field) => FLAG_OF[field], { knownGroups, existing, keepStoredSecret: false, httpsOnly: ctx.config.production });
  } catch (error) {
    if (error instanceof ClientDefinitionError) throw new OidcUsageError(error.message);
    throw error;
  }
  await stores.oidcClients.save(defined.client, ctx.now());
  const kind = input.public ? 'public client (PKCE, no secret)' : 'confidential client';
  return `client ${input.clientId} saved: ${kind}`
    + (defined.generatedSecret ? `\nclient_secret (shown once, stored hashed): ${defined.generatedSecret}` : '');
}

function describe(c: RegisteredClient): string {
  return [
    `${c.clientId}${c.name ? ` (${c.name})` : ''}: ${c.secretHash ? 'confidential' : 'public'}${c.consent ? ', consent' : ''}`,
    `  redirect: ${c.redirectUris.join(' ')}`,
    c.postLogoutRedirectUris.length ? `  post-logout: ${c.postLogoutRedirectUris.join(' ')}` : '',
    c.backchannelLogoutUri ? `  back-channel logout: ${c.backchannelLogoutUri}` : '',
    c.initiateLoginUri ? `  initiate login: ${c.initiateLoginUri}` : '',
    `  groups: ${c.groups.join(' ') || '(every signed-in account)'}`,
    `  scopes: ${c.scopes.join(' ')}`,
  ].filter(Boolean).join('\n');
}

/** Runs an OpenID Connect command on the composed parts; null when `command` is not one of them. */
export async function runOidcCommand(ctx: AppContext, command: string | undefined, args: string[], flags: Flags): Promise<string | null> {
  if (!command || !OIDC_COMMANDS.has(command)) return null;
  const extra = extraArgumentsProblem(command, args);
  if (extra) throw new OidcUsageError(extra);
  const clients = ctx.stores.oidcClients;
  switch (command) {
    case 'add-client':
      return addClient(ctx, args, flags);
    case 'list-clients':
      return (await clients.list()).map(describe).join('\n') || '(no clients)';
    case 'remove-client':
      if (!args[0]) throw new OidcUsageError('missing <client-id>');
      return (await clients.remove(args[0])) ? `client ${args[0]} removed` : `no client "${args[0]}"`;
    default: { // rotate-keys
      if (flags['revoke-old'] === true) {
        const set = await rotateKeys(oidcKeyPlace(ctx), ctx.now(), { revokeOld: true });
        return `signing key ${set.keys[0]!.jwk.kid} added and signing now; every older key withdrawn from the JWKS `
          + '(tokens they signed no longer verify; running servers follow within 5 s)';
      }
      const set = await rotateKeys(oidcKeyPlace(ctx), ctx.now(), { publishAheadMs: ctx.config.oidcKeyPublishAheadMs });
      return `signing key ${set.keys[0]!.jwk.kid} added: published now, signs from ${new Date(set.keys[0]!.activatesAt!).toISOString()}; `
        + `${set.keys.length - 1} older key(s) still published`;
    }
  }
}
