// Before the first administrator exists, the sign-in family of calls (everything under
// /api/centerAuth and /api/admin but the SM2 public key) answers AU00500 "not set up" in the
// envelope, so the login page says so instead of showing a server error. The console's own calls
// (setup, sign-in) and the health checks are not gated.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { refuse } from '../http/api-error.ts';
import { getPublicKey } from '../../contract/endpoints/auth.ts';

const GATED = /^\/api\/(centerAuth|admin)\//;
const PUBLIC_KEY = `/api${getPublicKey.path}`;

export function registerSetupGate(api: FastifyInstance, ctx: AppContext): void {
  api.addHook('onRequest', (request, _reply, done) => {
    // Set up: no query, no promise (the common case on every request).
    if (ctx.setupState.known || !GATED.test(request.url) || request.url.startsWith(PUBLIC_KEY)) return done();
    ctx.setupState.isSetUp().then((setUp) => done(setUp ? undefined : refuse('notSetUp')), done);
  });
}
