// Bare oidc-provider (an in-memory Map adapter, one static client, a trivial account) in its own
// process, with node's default flags: the baseline the OIDC bench compares our provider with in the
// same run. Codes come from its own authorization endpoint, as ours do: the first authorization
// goes through the interaction (answered at once here: the bench's user signs in and consents),
// which leaves a provider session and a grant; every later one with the session's cookie is
// answered with a code directly. Prints {"url"} once listening.
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// oidc-provider's own memory adapter is an LRU of 1000 entries: a run's tokens would evict the
// minted codes. This one is a plain Map, the least work any storage can do.
const store = new Map<string, { payload: Record<string, unknown>; expiresAt: number | null }>();
const byGrant = new Map<string, Set<string>>();
const byUid = new Map<string, string>();
class MapAdapter {
  constructor(private readonly model: string) {}
  private key = (id: string) => `${this.model}:${id}`;
  async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
    store.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null });
    if (typeof payload.grantId === 'string') {
      if (!byGrant.has(payload.grantId)) byGrant.set(payload.grantId, new Set());
      byGrant.get(payload.grantId)!.add(this.key(id));
    }
    if (typeof payload.uid === 'string') byUid.set(`${this.model}:${payload.uid}`, id);
  }
  async find(id: string) {
    const found = store.get(this.key(id));
    return found && (found.expiresAt === null || found.expiresAt > Date.now()) ? found.payload : undefined;
  }
  async findByUid(uid: string) { const id = byUid.get(`${this.model}:${uid}`); return id ? this.find(id) : undefined; }
  async findByUserCode() { return undefined; }
  async consume(id: string) { const found = store.get(this.key(id)); if (found) found.payload.consumed = Math.floor(Date.now() / 1000); }
  async destroy(id: string) { store.delete(this.key(id)); }
  async revokeByGrantId(grantId: string) { for (const key of byGrant.get(grantId) ?? []) store.delete(key); byGrant.delete(grantId); }
}

const redirectUri = 'http://127.0.0.1:9/cb';
const server = http.createServer();
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const provider = new Provider(issuer, {
  adapter: MapAdapter as never,
  clients: [{ client_id: 'bench', client_secret: 'bench-secret-bench-secret', redirect_uris: [redirectUri], grant_types: ['authorization_code', 'refresh_token'] }],
  jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }] as never },
  findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub, preferred_username: 'bench', name: 'bench' }) }),
  scopes: ['openid', 'profile', 'offline_access'],
  claims: { openid: ['sub'], profile: ['preferred_username', 'name'] },
  issueRefreshToken: async () => true,
  rotateRefreshToken: () => true,
  features: { devInteractions: { enabled: false } },
  ttl: { AuthorizationCode: 600, AccessToken: 600, RefreshToken: 3600, IdToken: 600, Grant: 3600, Session: 3600, Interaction: 600 },
});
provider.on('grant.error', (_ctx, error) => process.stderr.write(`grant.error ${(error as { error_detail?: string }).error_detail ?? error.message}\n`));
const callback = provider.callback();
server.on('request', (request, response) => {
  // The interaction (its default address, /interaction/<uid>): signed in and consented at once.
  if (request.url?.startsWith('/interaction/')) {
    void (async () => {
      const details = await provider.interactionDetails(request, response);
      const grant = new provider.Grant({ accountId: 'user-1', clientId: 'bench' });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(request, response, { login: { accountId: 'user-1' }, consent: { grantId } }, { mergeWithLastSubmission: false });
    })().catch((error: Error) => {
      response.statusCode = 500;
      response.end(error.message);
    });
    return;
  }
  callback(request, response);
});
process.stdout.write(JSON.stringify({ url: issuer }) + '\n');
process.on('SIGTERM', () => process.exit(0));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
