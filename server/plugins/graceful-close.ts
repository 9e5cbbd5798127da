// Graceful shutdown: once close() starts (SIGTERM in main.ts), answers still being produced carry
// "Connection: close", so keep-alive clients let go right after their request finished and the
// server can stop without waiting for idle keep-alive timeouts. Requests in flight finish; new
// ones get Fastify's 503 while closing.
import type { FastifyInstance } from 'fastify';

export function registerGracefulClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
