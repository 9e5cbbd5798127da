// Where the signing keys are kept (signing-keys.ts), the same for the server and the admin CLI:
// the key file on the embedded database, the database when it is PostgreSQL (every instance
// signs alike).
import type { AppContext } from '../context.ts';
import { fileKeyPlace, storageKeyPlace, type KeyPlace } from './signing-keys.ts';

export function oidcKeyPlace(ctx: Pick<AppContext, 'config' | 'storage'>): KeyPlace {
  return ctx.config.databaseUrl ? storageKeyPlace(ctx.storage.oidcRecords) : fileKeyPlace(ctx.config.oidcKeyFile);
}
