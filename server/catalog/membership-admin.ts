// The admin commands `grant <username> <group code>` and `revoke <username> <group code>`
// (dispatched by server/cli.ts). Memberships are read from the database on every request, so the
// running servers apply a change at their next request.
import type { Stores } from '../stores.ts';

/** Bad input: the CLI prints it with the usage text. */
export class MembershipAdminError extends Error {}

export async function changeMembership(stores: Stores, command: 'grant' | 'revoke', args: string[]): Promise<string> {
  const [username, code] = args;
  if (!username || !code) throw new MembershipAdminError(`${command} <username> <group code>`);
  const user = await stores.users.findUserByName(username);
  if (!user) throw new MembershipAdminError(`no user "${username}"`);
  if (!(await stores.catalog.listGroups()).some((g) => g.code === code)) throw new MembershipAdminError(`no group "${code}"`);
  if (command === 'grant') {
    return (await stores.memberships.grant(user.id, code))
      ? `${user.username} is a member of ${code}`
      : `${user.username} was already a member of ${code}`;
  }
  return (await stores.memberships.revoke(user.id, code))
    ? `${user.username} is no longer a member of ${code}`
    : `${user.username} was not a member of ${code}`;
}
