// Bare oidc-provider (its in-memory adapter, one static client, a trivial account) in its own
// process: the baseline the OIDC bench compares our provider with in the same run. Codes are
// minted through the provider's own model (no login pages to drive), then the process listens and
// prints {"url", "codes"}.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

const count = Number(process.argv[2] || 1000);
const verifier = process.argv[3]!;
const redirectUri = 'http://127.0.0.1:9/cb';
const server = http.createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const provider = new Provider(issuer, {
  clients: [{ client_id: 'bench', client_secret: 'bench-secret-bench-secret', redirect_uris: [redirectUri], grant_types: ['authorization_code', 'refresh_token'] }],
  jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }] as never },
  findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, preferred_username: 'bench', name: 'bench' }) }),
  scopes: ['openid', 'profile', 'offline_access'],
  claims: { openid: ['sub'], profile: ['preferred_username', 'name'] },
  issueRefreshToken: async () => true,
  rotateRefreshToken: () => true,
  features: { devInteractions: { enabled: false } },
  // Codes are minted up front; the run must not outlive them.
  ttl: { AuthorizationCode: 600, AccessToken: 600, RefreshToken: 3600, IdToken: 600, Grant: 3600 },
});
const grant = new provider.Grant({ accountId: 'user-1', clientId: 'bench' });
grant.addOIDCScope('openid profile');
const grantId = await grant.save();
const client = await provider.Client.find('bench');
const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
const codes: string[] = [];
for (let i = 0; i < count; i++) {
  const code = new provider.AuthorizationCode({
    accountId: 'user-1', grantId, client: client!, redirectUri, scope: 'openid profile', codeChallenge: challenge, codeChallengeMethod: 'S256',
    authTime: Math.floor(Date.now() / 1000), nonce: String(i),
  } as never);
  codes.push(await code.save());
}
provider.on('grant.error', (_ctx, error) => process.stderr.write(`grant.error ${(error as { error_detail?: string }).error_detail ?? error.message}\n`));
server.on('request', provider.callback());
process.stdout.write(JSON.stringify({ url: issuer, codes }) + '\n');
process.on('SIGTERM', () => process.exit(0));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
