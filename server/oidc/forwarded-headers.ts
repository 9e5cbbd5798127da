// The provider (Koa) believes X-Forwarded-Host/-Proto/-For all or nothing (`proxy`), whoever sent
// them. The rest of the server trusts them only from the proxies SSO_TRUST_PROXY names
// (http/trust-proxy.ts, applied by Fastify). So the provider trusts the headers, and we hand it
// exactly what Fastify decided: the client's forwarded values replaced by Fastify's host,
// protocol and client IP. Without SSO_TRUST_PROXY those are the socket's and the Host header's,
// as everywhere else; a forged X-Forwarded-Host never reaches a URL the provider builds.
import type { FastifyRequest } from 'fastify';

const FORWARDED = ['forwarded', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', 'x-forwarded-port'];

export function forwardTrustedView(request: FastifyRequest): void {
  const headers = request.raw.headers;
  const { host, protocol, ip } = request;
  for (const name of FORWARDED) delete headers[name];
  if (host) headers['x-forwarded-host'] = host;
  if (protocol) headers['x-forwarded-proto'] = protocol;
  if (ip) headers['x-forwarded-for'] = ip;
}
