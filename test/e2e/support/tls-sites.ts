// Real host names over https for the WebAuthn Related Origin Requests journey
// (test/e2e/passkey-brand.test.ts). A passkey's relying party ID is a domain, and a brand page on
// another origin may use it only after the browser has fetched https://<RP ID>/.well-known/webauthn
// (on port 443, no other port is ever asked) and found the brand origin listed there. So:
// - a throw-away certificate for the test's names, made by the openssl CLI in a temp dir at test
//   time and never written anywhere else; Chromium trusts it through its public key's hash
//   (--ignore-certificate-errors-spki-list), so the pages are secure with no certificate error
//   (Chromium refuses WebAuthn on a page with a certificate error);
// - a TLS front on 127.0.0.1:443 that passes every request to the portal (plain http on a port of its
//   own) with X-Forwarded-Proto https, as the nginx of docs/deployment.md does; it holds port 443
//   only while the journey runs and says so plainly when the port is taken;
// - a brand site over https on a port of its own, serving the page of docs/embedding.md to every
//   host name mapped to it (brand.test, stranger.test: two origins, one server);
// - Chromium's launch flags that map those names to 127.0.0.1.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brandPolicy } from './brand-site.ts';

export interface Certificate {
  key: string;
  cert: string;
  /** base64 SHA-256 of the certificate's SubjectPublicKeyInfo (Chromium's spki list takes it). */
  spkiHash: string;
}

/** A self-signed P-256 certificate for `hosts`, valid one day; the temp dir is removed at once. */
export function makeCertificate(hosts: string[]): Certificate {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-tls-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    const certFile = path.join(dir, 'cert.pem');
    try {
      execFileSync('openssl', [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
        '-subj', `/CN=${hosts[0]}`, '-addext', `subjectAltName=${hosts.map((host) => `DNS:${host}`).join(',')}`,
        '-addext', 'extendedKeyUsage=serverAuth', '-keyout', keyFile, '-out', certFile,
      ], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (error) {
      throw new Error(`the openssl CLI could not make the test certificate (apt-get install -y openssl): ${(error as Error).message}`);
    }
    const key = fs.readFileSync(keyFile, 'utf8');
    const cert = fs.readFileSync(certFile, 'utf8');
    const spki = new crypto.X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
    return { key, cert, spkiHash: crypto.createHash('sha256').update(spki).digest('base64') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Chromium's flags: the names resolve to 127.0.0.1 and the test certificate is trusted. */
export function chromiumFlagsFor(hosts: string[], certificate: Certificate): string[] {
  return [
    `--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1`).join(', ')}`,
    `--ignore-certificate-errors-spki-list=${certificate.spkiHash}`,
  ];
}

async function listen(server: https.Server, port: number, what: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new Error(`${what}: 127.0.0.1:${port} is taken by another process. This journey needs port ${port} for its own duration `
          + '(Chromium fetches https://<RP ID>/.well-known/webauthn on the default https port, never another); free it and run again '
          + `(ss -ltnp 'sport = :${port}' tells who holds it).`));
      } else if (error.code === 'EACCES') {
        reject(new Error(`${what}: not allowed to listen on 127.0.0.1:${port} (a port below 1024): run as root or give node CAP_NET_BIND_SERVICE.`));
      } else {
        reject(error);
      }
    });
    server.listen(port, '127.0.0.1', resolve);
  });
  return (server.address() as AddressInfo).port;
}

const close = (server: https.Server) => new Promise<void>((resolve) => {
  server.close(() => resolve());
  server.closeAllConnections();
});

export interface TlsFront {
  stop(): Promise<void>;
}

/**
 * https://<host> on 127.0.0.1:443 for the portal listening at `upstream` (http://127.0.0.1:<port>):
 * the Host header is kept, X-Forwarded-Proto says https (the portal runs with SSO_TRUST_PROXY=1).
 */
export async function startTlsFront(certificate: Certificate, upstream: string, port = 443): Promise<TlsFront> {
  const target = new URL(upstream);
  const server = https.createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
    const forwarded = http.request({
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, 'x-forwarded-proto': 'https', 'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1' },
    }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forwarded.on('error', (error) => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`portal unreachable: ${error.message}`);
    });
    request.pipe(forwarded);
  });
  await listen(server, port, 'the TLS front of the portal');
  return { stop: () => close(server) };
}

export interface TlsBrandSite {
  port: number;
  /** https://<host>:<port> */
  originFor(host: string): string;
  stop(): Promise<void>;
}

/** The brand pages over https on a port of their own, under whatever name the browser used. */
export async function startTlsBrandSite(certificate: Certificate, pages: Record<string, string>, sso: string): Promise<TlsBrandSite> {
  const server = https.createServer({ key: certificate.key, cert: certificate.cert }, (request, response) => {
    const body = pages[new URL(request.url ?? '/', 'https://brand.invalid').pathname];
    response.setHeader('Content-Security-Policy', brandPolicy(sso));
    if (body === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  const port = await listen(server, 0, 'the brand site');
  return { port, originFor: (host) => `https://${host}:${port}`, stop: () => close(server) };
}
