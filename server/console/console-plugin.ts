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

export function registerConsoleRoutes(api: FastifyInstance, ctx: AppContext): void {
  registerConsoleSessionRoutes(api, ctx);
  registerConsoleClientRoutes(api, ctx);
  registerConsoleProtocolAppRoutes(api, ctx);
  registerConsoleCatalogRoutes(api, ctx);
  registerConsoleAccountRoutes(api, ctx);
  registerConsoleAuditRoutes(api, ctx);
}
