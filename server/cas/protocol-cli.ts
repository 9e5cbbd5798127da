// Admin commands for the CAS services and SAML service providers, dispatched by server/cli.ts
// before the OpenID Connect ones: `add-client <id> --protocol cas --service <pattern>...` with
// --name and --group; `list-clients` lists both kinds after the OpenID Connect clients,
// `remove-client` removes either. `add-client <id> --protocol saml` is saml/saml-cli.ts's, which
// server/cli.ts asks first: saml/ builds on cas/ (the apps' records and admin rules), so cas/
// does not import it. An app id names one app whatever its protocol: an id taken by the other kind
// is refused.
import type { AppContext } from '../context.ts';
import { runOidcCommand } from '../oidc/index.ts';
import type { ProtocolClient } from './protocol-client-store.ts';
import { removeProtocolAppByAdmin, saveCasServiceByAdmin } from './protocol-admin.ts';

export class ProtocolUsageError extends Error {}

export const PROTOCOL_CLI_OPTIONS = {
  protocol: { type: 'string' },
  service: { type: 'string', multiple: true },
} as const;

export const PROTOCOL_USAGE = `  add-client <id> --protocol cas --service <url or url prefix*> [--service ...] [--name <显示名>] [--group <group code>]...
                                                   register (or replace) a CAS service: exact URLs, or prefixes ending in *`;

/** The command line's flags as parseArgs gives them (the SAML command reads them the same way). */
export type ProtocolFlags = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** A flag given once or more, as strings. */
export const flagStrings = (value: ProtocolFlags[string]): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
/** A flag given once, or null. */
export const flagText = (value: ProtocolFlags[string]): string | null => (typeof value === 'string' ? value : null);

/**
 * What `add-client` takes the same way for every protocol: --name, every --group, and the stored
 * row's version (null: a new app), so a change made meanwhile elsewhere is refused, not overwritten.
 */
export async function commonAddClientFlags(ctx: AppContext, id: string, flags: ProtocolFlags): Promise<{ name: string | null; groups: string[]; expectedUpdatedAt: number | null }> {
  const existing = await ctx.stores.protocolClients.find(id);
  return { name: flagText(flags.name), groups: flagStrings(flags.group), expectedUpdatedAt: existing?.updatedAt ?? null };
}

/**
 * Registers (or replaces) a CAS service from the command's flags, through the admin action the
 * console uses (protocol-admin.ts): the CLI checks only its own flags; the rules, and their Chinese
 * refusals (AdminActionError), are the action's.
 */
async function addCasService(ctx: AppContext, id: string, flags: ProtocolFlags): Promise<ProtocolClient> {
  const { name, groups, expectedUpdatedAt } = await commonAddClientFlags(ctx, id, flags);
  const services = flagStrings(flags.service);
  if (services.length === 0) throw new ProtocolUsageError('at least one --service');
  return saveCasServiceByAdmin(ctx, { id, name, services, groups }, expectedUpdatedAt);
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
export async function runProtocolCommand(ctx: AppContext, command: string | undefined, args: string[], flags: ProtocolFlags): Promise<string | null> {
  const store = ctx.stores.protocolClients;
  const protocol = flagText(flags.protocol);
  if (protocol !== null && protocol !== 'cas' && protocol !== 'saml' && protocol !== 'oidc') throw new ProtocolUsageError('--protocol: oidc, cas or saml');
  switch (command) {
    case 'add-client': {
      const id = args[0] ?? '';
      // A SAML service provider is saml/saml-cli.ts's (server/cli.ts asks it before this one).
      if (protocol === 'saml') return null;
      if (protocol === 'cas') {
        if (args.length > 1) throw new ProtocolUsageError('add-client takes one <client-id>');
        await addCasService(ctx, id, flags);
        return `client ${id} saved: CAS service`;
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
