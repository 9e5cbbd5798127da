// What a slice mounts on the server: one plugin per slice, put together by app.ts in one list.
// A request passes three places, and a slice hooks into those it needs, in the list's order:
// - `beforeXsrf`: every request, at the root, before the XSRF check (the embedding slice's CORS,
//   which leaves cross-origin calls to the Origin-bound token checked there);
// - `api`: routes and hooks under /api, where the API's error envelope, Enc-Flag and 404 apply;
// - `root`: routes outside /api (the protocols' endpoints, well-known files, timers tied to the app).
import type { FastifyInstance } from 'fastify';
import type { AttemptPolicy } from './auth/attempt-policy.ts';
import type { AppContext } from './context.ts';

export interface ApiScope {
  api: FastifyInstance;
  ctx: AppContext;
  /** The rate limits and one-check-at-a-time rules the guessable calls share (auth/attempt-policy.ts). */
  policy: AttemptPolicy;
}

export interface SlicePlugin {
  name: string;
  beforeXsrf?(app: FastifyInstance, ctx: AppContext): void;
  api?(scope: ApiScope): void | Promise<void>;
  root?(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
}
