// What a start prints about setting the instance up: while no administrator exists, a one-time
// setup link (only to the server's own output, never to a client) and the CLI alternative.
import type { AppContext } from '../context.ts';

/** The setup link to print, or null when an administrator exists. */
export async function setupLinkAtStart(ctx: AppContext, publicUrl: string): Promise<string | null> {
  if ((await ctx.stores.users.countActiveAdmins()) > 0) return null;
  const token = await ctx.stores.setupTokens.issue(ctx.now());
  return `${publicUrl}/admin/setup?token=${token}`;
}

export function setupBanner(link: string): string {
  const rule = '='.repeat(78);
  return [
    '', rule,
    '尚未设置管理员 / No administrator yet. Set up this instance within 24 hours with this one-time link:',
    `  ${link}`,
    'or on the server: npm run admin -- create-admin <username>   (the password is asked for, never an argument)',
    rule, '',
  ].join('\n');
}
