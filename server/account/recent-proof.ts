// Recent proof of identity on the account page (issue 31): a stolen session alone must not become
// a lasting takeover, so adding a passkey, changing the phone and enrolling an authenticator app
// need the password or a second factor given within the last 5 minutes. The proof is recorded on
// the server against the session (its handle), with its expiry, through the storage layer's
// short-lived records (the database, or Redis when scaled out), so every instance sees it; a
// session that ends takes nothing with it (the record names a session nobody holds any more).
import type { AppContext } from '../context.ts';
import type { Session } from '../records/session.ts';
import type { User } from '../records/user.ts';
import { refuse } from '../http/api-error.ts';
import type { RecentProofNeed } from '../../contract/endpoints/account.ts';

export const RECENT_PROOF_MS = 5 * 60_000;
const MODEL = 'AccountProof';

export type ProofMethod = 'password' | 'totp' | 'recovery_code';

interface StoredProof {
  userId: number;
  until: number;
  by: ProofMethod;
}

/** Records a proof just given on this session; answers until when it holds. */
export async function recordRecentProof(ctx: AppContext, session: Session, by: ProofMethod): Promise<number> {
  const until = ctx.now() + RECENT_PROOF_MS;
  const proof: StoredProof = { userId: session.userId, until, by };
  // The record's own expiry (real time) only clears it away; `until` (the server's clock) decides.
  await ctx.storage.oidcRecords.upsert(MODEL, session.idHash, { ...proof }, Date.now() + RECENT_PROOF_MS, {});
  return until;
}

/** Throws AU00181 (with what the dialog may ask for) unless this session gave a proof within 5 minutes. */
export async function requireRecentProof(ctx: AppContext, session: Session, user: User): Promise<void> {
  const stored = (await ctx.storage.oidcRecords.find(MODEL, session.idHash)) as unknown as StoredProof | null;
  if (stored && stored.userId === user.id && typeof stored.until === 'number' && stored.until > ctx.now()) return;
  const factor = await ctx.stores.mfa.totp(user.id);
  const need: RecentProofNeed = { totpEnabled: factor?.confirmedAt != null };
  throw refuse('recentProofRequired', need);
}
