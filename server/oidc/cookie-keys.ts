// The keys oidc-provider signs its cookies with (keygrip: the first signs, every one verifies),
// shared by every instance in the durable storage (review finding 2) and rotated (review finding 9):
// once a rotation period has begun, the first instance to look adds a new key in front; a key stays
// for verification while a cookie it signed may still be in use (a session's absolute lifetime
// after the next key took over, plus a day). Instances racing at a period's start agree: the new
// key of a period is claimed once (insert-if-absent) and everyone builds the same list from it.
import crypto from 'node:crypto';
import type { OidcStorage, StoredPayload } from './oidc-record-store.ts';

export const COOKIE_KEYS_MODEL = 'CookieKeys';
const ROTATION_MODEL = 'CookieKeysRotation';

/** A new cookie key every 30 days. */
export const COOKIE_KEY_ROTATE_MS = 30 * 24 * 3600_000;

interface CookieKey {
  key: string;
  createdAt: number;
}

const newKey = (): string => crypto.randomBytes(32).toString('base64url');

/** The stored list, newest first; the first format (plain strings) counts as made long ago. */
function keysOf(record: StoredPayload | null): CookieKey[] {
  const keys = Array.isArray(record?.keys) ? (record.keys as unknown[]) : [];
  return keys
    .map((k) => (typeof k === 'string' ? { key: k, createdAt: 0 } : (k as CookieKey)))
    .filter((k) => typeof k?.key === 'string')
    .sort((a, b) => b.createdAt - a.createdAt);
}

/**
 * The cookie keys to sign and verify with, newest first, rotated when a period has begun since the
 * newest was made. `keepMs`: how long a replaced key still verifies (the session's absolute lifetime).
 */
export async function loadCookieKeys(storage: OidcStorage, keepMs: number, now = Date.now(), rotateMs = COOKIE_KEY_ROTATE_MS): Promise<string[]> {
  const period = Math.floor(now / rotateMs);
  let keys = keysOf(await storage.find(COOKIE_KEYS_MODEL, 'keys'));
  if (keys.length === 0) {
    keys = keysOf(await storage.insertIfAbsent(COOKIE_KEYS_MODEL, 'keys', { keys: [{ key: newKey(), createdAt: now }] }));
  }
  if (Math.floor(keys[0]!.createdAt / rotateMs) < period) {
    const claimed = (await storage.insertIfAbsent(ROTATION_MODEL, String(period), { key: newKey(), createdAt: now })) as unknown as CookieKey;
    const latest = [claimed, ...keys.filter((k) => k.key !== claimed.key)];
    // A key stays while its successor is younger than keepMs: cookies it signed may be in use.
    keys = latest.filter((k, i) => i === 0 || now - latest[i - 1]!.createdAt < keepMs + 24 * 3600_000);
    await storage.upsert(COOKIE_KEYS_MODEL, 'keys', { keys }, null, {});
    await storage.destroy(ROTATION_MODEL, String(period - 1));
  }
  return keys.map((k) => k.key);
}
