// The provider's short-lived records in Redis when the deployment is scaled out: every instance
// sees the same codes, sessions and interactions, and each key expires by itself. Consuming a
// record is one Lua script, so of two instances redeeming one code only the first succeeds.
import type { RedisClient } from '../storage/redis-client.ts';
import type { OidcStorage, StoredPayload, UpsertIndexes } from './oidc-record-store.ts';

const CONSUME = `
local raw = redis.call('GET', KEYS[1])
if not raw then return 0 end
local record = cjson.decode(raw)
if record['consumed'] then return 0 end
record['consumed'] = tonumber(ARGV[1])
redis.call('SET', KEYS[1], cjson.encode(record), 'KEEPTTL')
return 1`;

/** Index sets and lookups live as long as the longest record they point to, plus a day. */
const INDEX_SLACK_MS = 24 * 3600_000;

export class RedisOidcStorage implements OidcStorage {
  constructor(private readonly redis: RedisClient, private readonly prefix: string) {}

  private key = (model: string, id: string) => `${this.prefix}oidc:${model}:${id}`;
  private grantKey = (grantId: string) => `${this.prefix}oidc-grant:${grantId}`;
  private uidKey = (model: string, uid: string) => `${this.prefix}oidc-uid:${model}:${uid}`;
  private userCodeKey = (model: string, code: string) => `${this.prefix}oidc-usercode:${model}:${code}`;
  private listKey = (model: string) => `${this.prefix}oidc-list:${model}`;

  async upsert(model: string, id: string, payload: StoredPayload, expiresAt: number | null, indexes: UpsertIndexes): Promise<void> {
    const key = this.key(model, id);
    const ttl = expiresAt === null ? null : Math.max(1, expiresAt - Date.now());
    const multi = this.redis.multi();
    if (ttl === null) multi.set(key, JSON.stringify(payload));
    else multi.set(key, JSON.stringify(payload), 'PX', ttl);
    const indexTtl = (ttl ?? 30 * 24 * 3600_000) + INDEX_SLACK_MS;
    if (indexes.grantId) multi.sadd(this.grantKey(indexes.grantId), key).pexpire(this.grantKey(indexes.grantId), indexTtl);
    if (indexes.uid) multi.set(this.uidKey(model, indexes.uid), id, 'PX', indexTtl);
    if (indexes.userCode) multi.set(this.userCodeKey(model, indexes.userCode), id, 'PX', indexTtl);
    multi.sadd(this.listKey(model), id);
    await multi.exec();
  }

  async find(model: string, id: string): Promise<StoredPayload | null> {
    const raw = await this.redis.get(this.key(model, id));
    return raw ? (JSON.parse(raw) as StoredPayload) : null;
  }

  async findByUid(model: string, uid: string): Promise<StoredPayload | null> {
    const id = await this.redis.get(this.uidKey(model, uid));
    return id ? this.find(model, id) : null;
  }

  async findByUserCode(model: string, userCode: string): Promise<StoredPayload | null> {
    const id = await this.redis.get(this.userCodeKey(model, userCode));
    return id ? this.find(model, id) : null;
  }

  async consume(model: string, id: string, at: number): Promise<boolean> {
    return (await this.redis.eval(CONSUME, 1, this.key(model, id), String(Math.floor(at / 1000)))) === 1;
  }

  async destroy(model: string, id: string): Promise<void> {
    await this.redis.multi().del(this.key(model, id)).srem(this.listKey(model), id).exec();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const keys = await this.redis.smembers(this.grantKey(grantId));
    await this.redis.del(...keys, this.grantKey(grantId));
  }

  async insertIfAbsent(model: string, id: string, payload: StoredPayload): Promise<StoredPayload> {
    await this.redis.set(this.key(model, id), JSON.stringify(payload), 'NX');
    return (await this.find(model, id)) ?? payload;
  }

  async list(model: string): Promise<{ id: string; payload: StoredPayload }[]> {
    const ids = await this.redis.smembers(this.listKey(model));
    const found: { id: string; payload: StoredPayload }[] = [];
    for (const id of ids) {
      const payload = await this.find(model, id);
      if (payload) found.push({ id, payload });
      else await this.redis.srem(this.listKey(model), id);
    }
    return found;
  }

  async close(): Promise<void> {}
}
