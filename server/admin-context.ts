// The parts an admin command runs on: composed from the config like the server's (compose.ts), so
// the command works on the same storage mode, and closed when the command is done. The admin CLI
// uses it for every command; tests and the bench use it to act as that other process would.
import type { ServerConfig } from './config.ts';
import { compose } from './compose.ts';
import type { AppContext } from './context.ts';

export async function withAdminContext<T>(config: ServerConfig, work: (ctx: AppContext) => Promise<T>): Promise<T> {
  const ctx = await compose(config);
  try {
    return await work(ctx);
  } finally {
    await ctx.storage.close();
  }
}
