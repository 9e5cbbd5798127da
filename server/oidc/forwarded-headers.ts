// What the provider (Koa) learns of the request's host, protocol and client. Koa builds every URL
// the provider publishes or redirects to (discovery, the authorize redirects, the logout form's
// action) from the host and protocol it sees, and believes X-Forwarded-Host/-Proto/-For all or
// nothing (`proxy`). So the provider is handed fixed values: host and protocol are always the
// issuer's (SSO_PUBLIC_URL, or http://localhost:<port> in development), whatever the Host or
// X-Forwarded-Host header said, even behind a trusted proxy (Keycloak's strict hostname); the
// client IP is what Fastify trusted under SSO_TRUST_PROXY (http/trust-proxy.ts), as everywhere else.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';

const FORWARDED = ['forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'x-forwarded-port'];

export function forwardIssuerView(request: FastifyRequest, issuer: URL): void {
  forwardIssuerHeaders(request.raw.headers, request.ip, issuer);
}

/** The same on the raw request's headers, with the client IP Fastify would have trusted (http/raw-front.ts). */
export function forwardIssuerHeaders(headers: IncomingHttpHeaders, ip: string | undefined, issuer: URL): void {
  for (const name of FORWARDED) delete headers[name];
  headers.host = issuer.host;
  headers['x-forwarded-host'] = issuer.host;
  headers['x-forwarded-proto'] = issuer.protocol.slice(0, -1);
  if (ip) headers['x-forwarded-for'] = ip;
}
