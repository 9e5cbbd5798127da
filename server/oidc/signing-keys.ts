// The provider's signing keys (RS256). Generated on first start and kept like the SM2 key: in a
// file of mode 0600 (dataDir/oidc-keys.json by default), or in the database when it is PostgreSQL,
// so every instance signs alike. Rotation puts a new key first (it signs from then on) and keeps
// the previous ones published until every token they signed has expired.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OidcStorage } from './oidc-storage.ts';

export interface StoredKey {
  jwk: crypto.JsonWebKey & { kid: string; alg: string; use: string };
  createdAt: number;
  retiredAt?: number;
}

export interface KeySet {
  keys: StoredKey[];
}

/** A retired key stays published this long: longer than any ID or access token lives. */
export const RETIRED_KEY_KEPT_MS = 24 * 3600_000;

export interface KeyPlace {
  load(): Promise<KeySet | null>;
  /** Stores the first key set only when none exists; answers the one stored. */
  create(set: KeySet): Promise<KeySet>;
  replace(set: KeySet): Promise<void>;
}

export function newKey(now: number): StoredKey {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { jwk: { ...jwk, kid: crypto.randomBytes(12).toString('base64url'), alg: 'RS256', use: 'sig' }, createdAt: now };
}

export function fileKeyPlace(file: string): KeyPlace {
  const read = (): KeySet | null => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as KeySet) : null);
  const writeDraft = (set: KeySet): string => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, JSON.stringify(set, null, 2) + '\n', { mode: 0o600, flag: 'wx' });
    return draft;
  };
  return {
    async load() {
      return read();
    },
    async create(set) {
      const draft = writeDraft(set);
      try {
        // A link is atomic and fails when another instance sharing the file was first.
        fs.linkSync(draft, file);
        return set;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        return read() ?? set;
      } finally {
        fs.rmSync(draft, { force: true });
      }
    },
    async replace(set) {
      fs.renameSync(writeDraft(set), file);
    },
  };
}

export function storageKeyPlace(storage: OidcStorage): KeyPlace {
  return {
    async load() {
      return (await storage.find('SigningKeys', 'jwks')) as KeySet | null;
    },
    async create(set) {
      return (await storage.insertIfAbsent('SigningKeys', 'jwks', set as unknown as Record<string, unknown>)) as unknown as KeySet;
    },
    async replace(set) {
      await storage.upsert('SigningKeys', 'jwks', set as unknown as Record<string, unknown>, null, {});
    },
  };
}

export async function loadOrCreateKeys(place: KeyPlace, now = Date.now()): Promise<KeySet> {
  const existing = await place.load();
  if (existing && existing.keys.length > 0) return existing;
  return place.create({ keys: [newKey(now)] });
}

/** Adds a new signing key in front, retires the current ones, drops keys retired long enough ago. */
export async function rotateKeys(place: KeyPlace, now = Date.now()): Promise<KeySet> {
  const current = await loadOrCreateKeys(place, now);
  const kept = current.keys
    .map((k) => (k.retiredAt ? k : { ...k, retiredAt: now }))
    .filter((k) => now - (k.retiredAt ?? now) < RETIRED_KEY_KEPT_MS);
  const next = { keys: [newKey(now), ...kept] };
  await place.replace(next);
  return next;
}

/** The JWKS oidc-provider signs with: the first key signs, all are published. */
export function providerJwks(set: KeySet): { keys: crypto.JsonWebKey[] } {
  return { keys: set.keys.map((k) => k.jwk) };
}

export function keySetFingerprint(set: KeySet): string {
  return set.keys.map((k) => k.jwk.kid).join(',');
}
