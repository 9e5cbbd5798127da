// Admin commands for the CAS services and SAML service providers, dispatched by server/cli.ts
// before the OpenID Connect ones: `add-client <id> --protocol cas --service <pattern>...` and
// `add-client <id> --protocol saml --metadata <file or https URL>`, both with --name and --group;
// `list-clients` lists them after the OpenID Connect clients, `remove-client` removes either.
// An app id names one app whatever its protocol: an id taken by the other kind is refused.
import type { AppContext } from '../context.ts';
import { CLIENT_ID_PATTERN } from '../oidc/client-registry.ts';
import { runOidcCommand } from '../oidc/oidc-cli.ts';
import type { ProtocolClient } from './protocol-client-store.ts';
import { checkServicePattern, ServicePatternError } from './service-patterns.ts';

export class ProtocolUsageError extends Error {}

export const PROTOCOL_CLI_OPTIONS = {
  protocol: { type: 'string' },
  service: { type: 'string', multiple: true },
  metadata: { type: 'string' },
  'name-id-format': { type: 'string' },
  'sign-response': { type: 'boolean' },
} as const;

export const PROTOCOL_USAGE = `  add-client <id> --protocol cas --service <url or url prefix*> [--service ...] [--name <显示名>] [--group <group code>]...
                                                   register (or replace) a CAS service: exact URLs, or prefixes ending in *
  add-client <id> --protocol saml --metadata <file or https URL> [--name-id-format persistent|unspecified]
      [--sign-response] [--name <显示名>] [--group <group code>]...
                                                   register (or replace) a SAML 2.0 service provider from its metadata`;

type Flags = Record<string, string | boolean | (string | boolean)[] | undefined>;

const strings = (value: Flags[string]): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
const text = (value: Flags[string]): string | null => (typeof value === 'string' ? value : null);


async function knownGroups(ctx: AppContext, groups: string[]): Promise<string[]> {
  const known = new Set((await ctx.stores.catalog.listGroups()).map((g) => g.code));
  const unknown = [...new Set(groups)].filter((g) => !known.has(g));
  if (unknown.length) throw new ProtocolUsageError(`--group: no group ${unknown.join(', ')}`);
  return [...new Set(groups)];
}

export async function defineProtocolClient(ctx: AppContext, id: string, flags: Flags): Promise<ProtocolClient> {
  const protocol = text(flags.protocol);
  if (!CLIENT_ID_PATTERN.test(id)) throw new ProtocolUsageError('<client-id>: 1-64 letters, digits, . _ -');
  if (await ctx.stores.oidcClients.find(id)) throw new ProtocolUsageError(`<client-id>: ${id} is an OpenID Connect client; remove-client it first`);
  const name = text(flags.name);
  if (name !== null && (name.length < 1 || name.length > 64)) throw new ProtocolUsageError('--name: 1-64 characters');
  const groups = await knownGroups(ctx, strings(flags.group));
  if (protocol === 'cas') {
    const services = strings(flags.service);
    if (services.length === 0) throw new ProtocolUsageError('at least one --service');
    try {
      services.forEach(checkServicePattern);
    } catch (error) {
      if (error instanceof ServicePatternError) throw new ProtocolUsageError(`--service: ${error.message}`);
      throw error;
    }
    return { id, protocol, name, groups, cas: { services: [...new Set(services)] } };
  }
  const source = text(flags.metadata);
  if (!source) throw new ProtocolUsageError('--metadata <file or https URL> is required');
  const format = text(flags['name-id-format']) ?? 'persistent';
  if (format !== 'persistent' && format !== 'unspecified') throw new ProtocolUsageError('--name-id-format: persistent or unspecified');
  let metadata: string;
  let entityId: string;
  try {
    const { readSpMetadata } = await import('../saml/saml-metadata.ts');
    ({ metadata, entityId } = await readSpMetadata(source));
  } catch (error) {
    throw new ProtocolUsageError(`--metadata: ${(error as Error).message}`);
  }
  // One registration per SP entity: the IdP finds the SP of a request by its issuer.
  const { loadSamlify } = await import('../saml/saml-idp.ts');
  const samlify = await loadSamlify();
  for (const other of await ctx.stores.protocolClients.list()) {
    if (other.id !== id && other.saml && samlify.ServiceProvider({ metadata: other.saml.metadata }).entityMeta.getEntityID() === entityId) {
      throw new ProtocolUsageError(`--metadata: entityID ${entityId} is already registered as ${other.id}`);
    }
  }
  return { id, protocol: 'saml', name, groups, saml: { metadata, nameIdFormat: format, signResponse: flags['sign-response'] === true } };
}

function describe(c: ProtocolClient): string {
  return [
    `${c.id}${c.name ? ` (${c.name})` : ''}: ${c.protocol === 'cas' ? 'CAS service' : 'SAML service provider'}`,
    c.cas ? `  services: ${c.cas.services.join(' ')}` : '',
    c.saml ? `  name id: ${c.saml.nameIdFormat}${c.saml.signResponse ? ', response signed' : ''}` : '',
    `  groups: ${c.groups.join(' ') || '(every signed-in account)'}`,
  ].filter(Boolean).join('\n');
}

/** Runs a CAS / SAML command; null when the command is not one of them (the OpenID Connect ones run then). */
export async function runProtocolCommand(ctx: AppContext, command: string | undefined, args: string[], flags: Flags): Promise<string | null> {
  const store = ctx.stores.protocolClients;
  const protocol = text(flags.protocol);
  if (protocol !== null && protocol !== 'cas' && protocol !== 'saml' && protocol !== 'oidc') throw new ProtocolUsageError('--protocol: oidc, cas or saml');
  switch (command) {
    case 'add-client': {
      const id = args[0] ?? '';
      if (protocol === 'cas' || protocol === 'saml') {
        if (args.length > 1) throw new ProtocolUsageError('add-client takes one <client-id>');
        const client = await defineProtocolClient(ctx, id, flags);
        await store.save(client, ctx.now());
        return `client ${id} saved: ${protocol === 'cas' ? 'CAS service' : 'SAML service provider'}`;
      }
      if (id && await store.find(id)) throw new ProtocolUsageError(`<client-id>: ${id} is a CAS or SAML app; remove-client it first`);
      return null;
    }
    case 'list-clients': {
      const oidc = (await runOidcCommand(ctx, command, args, flags)) ?? '';
      const others = (await store.list()).map(describe).join('\n');
      if (!others) return oidc;
      return oidc === '(no clients)' ? others : `${oidc}\n${others}`;
    }
    case 'remove-client':
      if (args[0] && args.length === 1 && await store.remove(args[0])) return `client ${args[0]} removed`;
      return null;
    default:
      return null;
  }
}
