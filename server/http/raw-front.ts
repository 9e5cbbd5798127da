// A few addresses answered past Fastify: the OpenID Connect provider's back-channel endpoints
// (token, userinfo, keys, introspection, revocation, discovery), which apps' servers call at high
// rates and which oidc-provider answers on the raw Node request anyway. Through Fastify each paid
// the front's per-request work (routing, the request and reply objects, the onRequest / onSend
// hooks of every slice, two request log lines) for nothing they use: about 170-200 µs of CPU per
// call against bare oidc-provider (docs/performance.md, "OIDC per core by the whole process").
//
// What the front still does here, the same as for every other answer:
// - the client IP and protocol as Fastify trusts them under SSO_TRUST_PROXY (http/trust-proxy.ts):
//   the same proxy-addr rule Fastify compiles from the same setting (requestView);
// - the request id (the proxy's X-Request-Id when it is a plain token), echoed and on every log line;
// - "Connection: close" once the server is closing (graceful-close.ts);
// - one request line in the log, through the logger's request serializer (the URL masked: log-redaction.ts);
// - an error the handler throws answered 500 / 503 with the envelope, as error-handler.ts does.
// The security headers and the handing over to the provider are the route's (oidc-plugin.ts:
// secureRawAnswer, forwardIssuerView), as they were on its Fastify route, which stays for
// app.inject and is the one every other /oidc address still takes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import proxyAddr from '@fastify/proxy-addr';
import { HttpMessages } from './api-error.ts';
import { genRequestId, runWithRequestId } from './logging.ts';
import { fastifyTrustProxy, type TrustProxy } from './trust-proxy.ts';
import { isDependencyUnavailable } from '../storage/dependency-errors.ts';

/** What a raw route knows of its request: what Fastify's request would have said. */
export interface RawRequestView {
  /** The client IP Fastify would have trusted (request.ip). */
  ip: string | undefined;
  /** 'https' or 'http', as Fastify's request.protocol. */
  protocol: 'http' | 'https';
}

export type RawHandler = (request: IncomingMessage, response: ServerResponse, view: RawRequestView) => Promise<void>;

const lastEntry = (value: string): string => value.slice(value.lastIndexOf(',') + 1).trim();

/** request.ip and request.protocol exactly as Fastify derives them from the same trustProxy setting. */
export function requestView(setting: TrustProxy): (request: IncomingMessage) => RawRequestView {
  const trust = fastifyTrustProxy(setting);
  if (trust === false) {
    return (request) => ({ ip: request.socket.remoteAddress, protocol: (request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http' });
  }
  const trusts = typeof trust === 'function' ? trust : proxyAddr.compile(trust as string[]);
  return (request) => {
    const addresses = proxyAddr.all(request, trusts);
    const forwarded = request.headers['x-forwarded-proto'];
    const socket = request.socket;
    const protocol = typeof forwarded === 'string' && forwarded && socket.remoteAddress !== undefined && trusts(socket.remoteAddress, 0)
      ? lastEntry(forwarded)
      : (socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
    return { ip: addresses[addresses.length - 1], protocol: protocol === 'https' ? 'https' : 'http' };
  };
}

export class RawFront {
  private readonly routes = new Map<string, RawHandler>();
  private readonly view: (request: IncomingMessage) => RawRequestView;
  private closing = false;

  constructor(trustProxy: TrustProxy, private readonly log: FastifyBaseLogger) {
    this.view = requestView(trustProxy);
  }

  /** Answers requests to exactly `pathname` (any query, any method) with `handler`. */
  take(pathname: string, handler: RawHandler): void {
    this.routes.set(pathname, handler);
  }

  /** From now on every answer asks the client to close its connection (graceful-close.ts). */
  startClosing(): void {
    this.closing = true;
  }

  /** Serves the request when one of the routes takes it; false leaves it to Fastify. */
  dispatch(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    const handler = this.routes.get(query === -1 ? url : url.slice(0, query));
    if (!handler) return false;
    const started = performance.now();
    const id = genRequestId(request);
    const view = this.view(request);
    response.setHeader('x-request-id', id);
    if (this.closing) response.setHeader('connection', 'close');
    response.once('finish', () => {
      this.log.info({
        reqId: id,
        // Shaped as the request the logger's serializer takes (log-redaction.ts masks the URL).
        req: { method: request.method, url, host: request.headers.host, ip: view.ip },
        res: { statusCode: response.statusCode },
        responseTime: performance.now() - started,
      }, 'request completed');
    });
    runWithRequestId(id, () => {
      handler(request, response, view).catch((error: unknown) => this.failed(response, id, error));
    });
    return true;
  }

  private failed(response: ServerResponse, id: string, error: unknown): void {
    const unavailable = isDependencyUnavailable(error);
    if (unavailable) this.log.warn({ reqId: id, reason: (error as { code?: string }).code ?? (error as Error).message }, 'dependency unavailable');
    else this.log.error({ reqId: id, err: error }, 'request failed');
    if (response.headersSent) {
      response.destroy();
      return;
    }
    const status = unavailable ? 503 : 500;
    response.statusCode = status;
    response.setHeader('content-type', 'application/json; charset=utf-8');
    response.end(JSON.stringify({ code: status, msg: unavailable ? HttpMessages.storageDown : HttpMessages.serverError, data: null }));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The addresses answered past Fastify (raw-front.ts); the server's request listener asks it first. */
    rawFront: RawFront;
  }
}
