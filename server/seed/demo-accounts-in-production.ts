// A database seeded with the demo data keeps its demo accounts after the switch to production (an
// earlier development start on the same database, or an old production example that set
// SSO_SEED_DEMO=true), and their passwords are public: they are in the source and printed by every
// development start. A production start (NODE_ENV=production without SSO_SEED_DEMO=true) is
// refused while any demo account still signs in with its demo password, naming the accounts and
// the fix; an account whose password was changed, or that was never seeded, does not count.
import { ConfigError } from '../config.ts';
import { verifyPassword } from '../auth/index.ts';
import type { Storage } from '../stores.ts';
import { DEMO_ACCOUNTS } from './import.ts';

/** The demo accounts of this database that still have their public demo password. */
export async function demoAccountsWithPublicPasswords(storage: Storage): Promise<string[]> {
  // Only a database the demo data was seeded into can hold them (and then only these few hashes
  // are checked, once per start).
  if (!(await storage.stores.meta.getMeta('demo_seeded'))) return [];
  const found: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    const user = await storage.stores.users.findUserByName(account.username);
    if (user && (await verifyPassword(user.passwordHash, account.password))) found.push(account.username);
  }
  return found;
}

/** Throws a ConfigError naming the accounts and what to do, when any is left. */
export async function refuseDemoAccountsInProduction(storage: Storage): Promise<void> {
  const left = await demoAccountsWithPublicPasswords(storage);
  if (left.length === 0) return;
  throw new ConfigError(
    `NODE_ENV=production refuses to start: the demo accounts ${left.join(', ')} still have their public demo passwords. ` +
      `Give each a password of its own (npm run admin -- reset-password <username> <password>), or set SSO_SEED_DEMO=true for a demonstration system (see docs/deployment.md).`,
  );
}
