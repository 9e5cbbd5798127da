// The console slice's routes under /api/console, registered by app.ts inside the API scope (the
// error handler, XSRF and the rate limiter apply as to every other call).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerConsoleAccountRoutes } from './routes/account-routes.ts';
import { registerConsoleAuditRoutes } from './routes/audit-routes.ts';
import { registerConsoleCatalogRoutes } from './routes/catalog-routes.ts';
import { registerConsoleClientRoutes } from './routes/client-routes.ts';
import { registerConsoleProtocolAppRoutes } from './routes/protocol-app-routes.ts';
import { registerConsoleSessionRoutes } from './routes/session-routes.ts';
import type { SlicePlugin } from '../slice-plugin.ts';
import { registerAuditRetention } from './audit-retention.ts';
import { registerSetupGate } from './setup-gate.ts';

export function registerConsoleRoutes(api: FastifyInstance, ctx: AppContext): void {
  registerConsoleSessionRoutes(api, ctx);
  registerConsoleClientRoutes(api, ctx);
  registerConsoleProtocolAppRoutes(api, ctx);
  registerConsoleCatalogRoutes(api, ctx);
  registerConsoleAccountRoutes(api, ctx);
  registerConsoleAuditRoutes(api, ctx);
}

/**
 * The console: the first-start gate (before every other slice's calls: a fresh instance answers
 * them AU00500), the console's calls, and the admin audit's retention timer.
 */
export const consoleSlice: SlicePlugin = {
  name: 'console',
  api: ({ api, ctx }) => {
    registerSetupGate(api, ctx);
    registerConsoleRoutes(api, ctx);
  },
  root: (app, ctx) => registerAuditRetention(app, ctx),
};
