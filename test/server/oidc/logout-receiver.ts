// A relying party's back-channel logout endpoint on 127.0.0.1 (a loopback address, like intranet
// apps on private ones): records each logout token after checking its signature against the
// provider's JWKS and its claims as Back-Channel Logout 1.0 section 2.6 asks.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LogoutClaims {
  iss: string;
  aud: string;
  sub: string;
  sid: string;
  iat: number;
  jti: string;
  events: Record<string, unknown>;
  nonce?: string;
}

export interface Receiver {
  url: string;
  tokens: LogoutClaims[];
  /** The next n deliveries answer 500. */
  failNext(n: number): void;
  attempts: number;
  close(): Promise<void>;
}

export async function verifyLogoutToken(token: string, issuer: string): Promise<LogoutClaims> {
  const [header, payload, signature] = token.split('.');
  const { kid, alg } = JSON.parse(Buffer.from(header!, 'base64url').toString()) as { kid: string; alg: string };
  if (alg !== 'RS256') throw new Error(`unexpected alg ${alg}`);
  const jwks = (await (await fetch(`${issuer}/oidc/jwks`)).json()) as { keys: (crypto.JsonWebKey & { kid: string })[] };
  const jwk = jwks.keys.find((k) => k.kid === kid);
  if (!jwk) throw new Error(`kid ${kid} not published`);
  const ok = crypto.verify('sha256', Buffer.from(`${header}.${payload}`), crypto.createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(signature!, 'base64url'));
  if (!ok) throw new Error('bad signature');
  return JSON.parse(Buffer.from(payload!, 'base64url').toString()) as LogoutClaims;
}

export async function startReceiver(issuer: () => string): Promise<Receiver> {
  let failures = 0;
  const receiver: Receiver = {
    url: '',
    tokens: [],
    attempts: 0,
    failNext(n) {
      failures = n;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      receiver.attempts++;
      if (failures > 0) {
        failures--;
        response.writeHead(500).end();
        return;
      }
      const token = new URLSearchParams(body).get('logout_token');
      if (!token) {
        response.writeHead(400).end();
        return;
      }
      verifyLogoutToken(token, issuer()).then((claims) => {
        receiver.tokens.push(claims);
        response.writeHead(200, { 'cache-control': 'no-store' }).end();
      }, () => response.writeHead(400).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/backchannel-logout`;
  return receiver;
}
