// The server as main.ts builds it (server/server.ts createServer), for tests: the app, with the
// context compose.ts built for it at hand as `app.sso` (a test-only property: the server itself
// passes its context explicitly and has no such decorator).
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../server/app.ts';
import type { ServerConfig } from '../../server/config.ts';
import type { AppContext } from '../../server/context.ts';
import { createServer as createServerAndContext } from '../../server/server.ts';

export async function createServer(config: ServerConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const { app, ctx } = await createServerAndContext(config, deps);
  Object.defineProperty(app, 'sso', { value: ctx, enumerable: false });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Tests only (test/helpers/create-server.ts): the context the server was built with. */
    sso: AppContext;
  }
}
