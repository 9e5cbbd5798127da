// The admin command for SAML 2.0 service providers: `add-client <id> --protocol saml --metadata
// <file or https URL>` with --name and --group, through the admin action the console uses
// (saml-admin.ts). server/cli.ts asks it before the CAS commands (cas/protocol-cli.ts, which lists
// and removes both kinds). Here and not in cas/protocol-cli.ts because saml/ builds on cas/ (the
// apps' records and the rules every CAS / SAML app follows): cas/ importing it back would close an
// import circle.
import type { AppContext } from '../context.ts';
import { commonAddClientFlags, flagText, ProtocolUsageError, type ProtocolClient, type ProtocolFlags } from '../cas/index.ts';
import { saveSamlSpByAdmin } from './saml-admin.ts';
import { readSpMetadataSource } from './saml-metadata.ts';

export const SAML_CLI_OPTIONS = {
  metadata: { type: 'string' },
  'name-id-format': { type: 'string' },
  'sign-response': { type: 'boolean' },
} as const;

export const SAML_USAGE = `  add-client <id> --protocol saml --metadata <file or https URL> [--name-id-format persistent|unspecified]
      [--sign-response] [--name <显示名>] [--group <group code>]...
                                                   register (or replace) a SAML 2.0 service provider from its metadata`;

/**
 * Registers (or replaces) a SAML service provider from the command's flags: the CLI checks only its
 * own flags and reads the metadata; the rules, and their Chinese refusals (AdminActionError), are
 * saveSamlSpByAdmin's.
 */
async function addSamlSp(ctx: AppContext, id: string, flags: ProtocolFlags): Promise<ProtocolClient> {
  const { name, groups, expectedUpdatedAt } = await commonAddClientFlags(ctx, id, flags);
  const source = flagText(flags.metadata);
  if (!source) throw new ProtocolUsageError('--metadata <file or https URL> is required');
  const format = flagText(flags['name-id-format']) ?? 'persistent';
  if (format !== 'persistent' && format !== 'unspecified') throw new ProtocolUsageError('--name-id-format: persistent or unspecified');
  let metadata: string;
  try {
    metadata = await readSpMetadataSource(source, { production: ctx.config.production, allow: ctx.config.oidcBackchannelAllow });
  } catch (error) {
    throw new ProtocolUsageError(`--metadata: ${(error as Error).message}`);
  }
  return saveSamlSpByAdmin(ctx, { id, name, metadata, nameIdFormat: format, signResponse: flags['sign-response'] === true, groups }, expectedUpdatedAt);
}

/** Runs `add-client --protocol saml`; null for any other command (the CAS, then the OpenID Connect ones run then). */
export async function runSamlCommand(ctx: AppContext, command: string | undefined, args: string[], flags: ProtocolFlags): Promise<string | null> {
  if (command !== 'add-client' || flagText(flags.protocol) !== 'saml') return null;
  if (args.length > 1) throw new ProtocolUsageError('add-client takes one <client-id>');
  const id = args[0] ?? '';
  await addSamlSp(ctx, id, flags);
  return `client ${id} saved: SAML service provider`;
}
