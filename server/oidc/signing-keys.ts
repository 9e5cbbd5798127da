// The provider's signing keys (RS256). Generated on first start and kept like the SM2 key: in a
// file of mode 0600 (dataDir/oidc-keys.json by default), or in the database when it is PostgreSQL,
// so every instance signs alike. Rotation (review finding 9) adds a new key that is published at
// once but signs only from `activatesAt`, one publication interval later, so apps that cache the
// JWKS know it before they meet it; the previous keys stay published until every token they
// signed has expired. `revokeOld` is for a compromised key: the new key signs at once and every
// older key is withdrawn from the JWKS (tokens they signed no longer verify).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { OidcStorage } from './oidc-record-store.ts';

export interface StoredKey {
  jwk: crypto.JsonWebKey & { kid: string; alg: string; use: string };
  createdAt: number;
  /** Epoch ms from which it signs (published before); absent: from createdAt. */
  activatesAt?: number;
  /** Epoch ms from which a newer key signs instead. */
  retiredAt?: number;
}

export interface KeySet {
  keys: StoredKey[];
}

/** A retired key stays published this long: longer than any ID or access token lives. */
export const RETIRED_KEY_KEPT_MS = 24 * 3600_000;

/**
 * A new key is published this long before it signs: longer than apps cache the JWKS
 * (mod_auth_openidc refreshes it hourly by default, OIDCJWKSRefreshInterval).
 */
export const KEY_PUBLISHED_AHEAD_MS = 3600_000;

const activation = (key: StoredKey): number => key.activatesAt ?? key.createdAt;

/** The key that signs at `now`: the newest one whose activation has come (the oldest if none has). */
export function signingKey(set: KeySet, now = Date.now()): StoredKey {
  const active = set.keys.filter((k) => activation(k) <= now);
  const pool = active.length > 0 ? active : set.keys;
  return pool.reduce((best, k) => (activation(k) > activation(best) ? k : best));
}

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

export interface RotateOptions {
  /** How long the new key is published before it signs (default KEY_PUBLISHED_AHEAD_MS). */
  publishAheadMs?: number;
  /** A compromised key: the new key signs at once and every older key is withdrawn. */
  revokeOld?: boolean;
}

/**
 * Adds a new key, published now and signing from now + publishAheadMs; the keys signing until then
 * retire at that moment; drops keys retired long enough ago. With revokeOld only the new key is
 * left, signing at once.
 */
export async function rotateKeys(place: KeyPlace, now = Date.now(), options: RotateOptions = {}): Promise<KeySet> {
  const current = await loadOrCreateKeys(place, now);
  if (options.revokeOld) {
    const next = { keys: [newKey(now)] };
    await place.replace(next);
    return next;
  }
  const key: StoredKey = { ...newKey(now), activatesAt: now + (options.publishAheadMs ?? KEY_PUBLISHED_AHEAD_MS) };
  const kept = current.keys
    .map((k) => (k.retiredAt ? k : { ...k, retiredAt: key.activatesAt }))
    .filter((k) => now - k.retiredAt! < RETIRED_KEY_KEPT_MS);
  const next = { keys: [key, ...kept] };
  await place.replace(next);
  return next;
}

/** The JWKS oidc-provider signs with: the key signing at `now` first (it signs), all published. */
export function providerJwks(set: KeySet, now = Date.now()): { keys: crypto.JsonWebKey[] } {
  const signing = signingKey(set, now);
  return { keys: [signing, ...set.keys.filter((k) => k !== signing)].map((k) => k.jwk) };
}

/** Changes when a key is added or withdrawn, and when another key starts signing. */
export function keySetFingerprint(set: KeySet, now = Date.now()): string {
  return `${set.keys.map((k) => k.jwk.kid).join(',')}|${signingKey(set, now).jwk.kid}`;
}
