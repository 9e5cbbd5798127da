// Admin commands for the CAS services and SAML service providers, dispatched by server/cli.ts
// before the OpenID Connect ones: `add-client <id> --protocol cas --service <pattern>...` and
// `add-client <id> --protocol saml --metadata <file or https URL>`, both with --name and --group;
// `list-clients` lists them after the OpenID Connect clients, `remove-client` removes either.
// An app id names one app whatever its protocol: an id taken by the other kind is refused.
import type { AppContext } from '../context.ts';
import { runOidcCommand } from '../oidc/index.ts';
import type { ProtocolClient } from './protocol-client-store.ts';
import { removeProtocolAppByAdmin, saveCasServiceByAdmin } from './protocol-admin.ts';

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


/**
 * Registers (or replaces) a CAS service or SAML service provider from the command's flags, through
 * the admin actions the console uses (cas/protocol-admin.ts, saml/saml-admin.ts): the CLI checks
 * only its own flags; the rules, and their Chinese refusals (AdminActionError), are theirs.
 */
export async function addProtocolClient(ctx: AppContext, id: string, flags: Flags): Promise<ProtocolClient> {
  const protocol = text(flags.protocol);
  const name = text(flags.name);
  const groups = strings(flags.group);
  const existing = await ctx.stores.protocolClients.find(id);
  const expectedUpdatedAt = existing?.updatedAt ?? null;
  if (protocol === 'cas') {
    const services = strings(flags.service);
    if (services.length === 0) throw new ProtocolUsageError('at least one --service');
    return saveCasServiceByAdmin(ctx, { id, name, services, groups }, expectedUpdatedAt);
  }
  const source = text(flags.metadata);
  if (!source) throw new ProtocolUsageError('--metadata <file or https URL> is required');
  const format = text(flags['name-id-format']) ?? 'persistent';
  if (format !== 'persistent' && format !== 'unspecified') throw new ProtocolUsageError('--name-id-format: persistent or unspecified');
  let metadata: string;
  try {
    const { readSpMetadataSource } = await import('../saml/saml-metadata.ts');
    metadata = await readSpMetadataSource(source, { production: ctx.config.production, allow: ctx.config.oidcBackchannelAllow });
  } catch (error) {
    throw new ProtocolUsageError(`--metadata: ${(error as Error).message}`);
  }
  const { saveSamlSpByAdmin } = await import('../saml/saml-admin.ts');
  return saveSamlSpByAdmin(ctx, { id, name, metadata, nameIdFormat: format, signResponse: flags['sign-response'] === true, groups }, expectedUpdatedAt);
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
        await addProtocolClient(ctx, id, flags);
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
      if (args[0] && args.length === 1 && await store.find(args[0])) {
        await removeProtocolAppByAdmin(ctx, args[0]);
        return `client ${args[0]} removed`;
      }
      return null;
    default:
      return null;
  }
}
