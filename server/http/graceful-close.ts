// Graceful shutdown: once close() starts (SIGTERM in main.ts), requests already in flight finish,
// and their answers carry "Connection: close" so keep-alive clients let go and the server can stop
// without waiting for idle keep-alive timeouts. Fastify's return503OnClosing is off (its 503 body
// is not the envelope): a request still arriving on an open connection is simply served, since
// storage closes only after the last connection ended.
import type { FastifyInstance } from 'fastify';

export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook: every answer passes here, an async one would cost a promise each.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
