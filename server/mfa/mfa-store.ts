// The second factor's storage, on the database in every mode (PostgreSQL also when Redis holds the
// short-lived state): each check that must happen once is one conditional statement, so parallel
// requests on several instances cannot both win (a replayed code, a recovery code used twice, a
// pending sign-in finished twice).
import crypto from 'node:crypto';
import type { SqlScope } from '../storage/sql-scope.ts';
import type { SecretBox } from '../crypto/secret-box.ts';
import './mfa-tables.ts';

export interface TotpFactor {
  userId: number;
  secret: string;
  confirmedAt: number | null;
  lastStep: number;
}

/**
 * verify / enrol: the pending second step of a sign-in; change-password: the proof that a sign-in
 * met "must change password" after a second factor (auth/change-ticket.ts).
 */
export type ChallengePurpose = 'verify' | 'enrol' | 'change-password';
const PURPOSES: readonly string[] = ['verify', 'enrol', 'change-password'] satisfies ChallengePurpose[];

export interface MfaChallenge {
  userId: number;
  /** The first factor (the sign-in audit's method): password, mobile, wecom, feishu. */
  method: string;
  redirect: string;
  clientId: string | null;
  purpose: ChallengePurpose;
}

export const hashOf = (value: string): string => crypto.createHash('sha256').update(value).digest('base64url');

/**
 * A stored recovery code: "k1." + HMAC(server key, SHA-256 of the normalised code), as SMS codes are
 * HMACed (auth/sms-codes.ts), so a copy of the table alone cannot be searched for the ~49-bit codes.
 * The HMAC is over the SHA-256 the first version stored, so those rows migrate without the plain
 * codes (upgradeLegacyRecoveryCodes).
 */
const RECOVERY_PREFIX = 'k1.';
const recoveryMac = (key: Buffer, sha256: string): string =>
  RECOVERY_PREFIX + crypto.createHmac('sha256', key).update(`recovery code:${sha256}`).digest('base64url');

export class MfaStore {
  constructor(
    private readonly scope: SqlScope,
    /** Seals the TOTP secrets in the table (compose.ts gives one keyed by the deployment's key pair). */
    private readonly box: SecretBox,
    /** The HMAC key of stored recovery codes (compose.ts derives it from the deployment's key pair). */
    private readonly codeKey: Buffer,
  ) {}

  private recoveryHash(code: string): string {
    return recoveryMac(this.codeKey, hashOf(normaliseRecoveryCode(code)));
  }

  /**
   * Rewrites recovery codes stored as plain SHA-256 (before issue 31) into their HMAC; run at start
   * under the startup lock. Returns how many rows it rewrote. Each row is rewritten by one
   * conditional statement, so a second instance doing the same rewrites nothing twice.
   */
  async upgradeLegacyRecoveryCodes(): Promise<number> {
    const legacy = await this.db.selectFrom('recovery_codes').select(['user_id', 'code_hash'])
      .where('code_hash', 'not like', `${RECOVERY_PREFIX}%`).execute();
    let rewritten = 0;
    for (const row of legacy) {
      const result = await this.db.updateTable('recovery_codes').set({ code_hash: recoveryMac(this.codeKey, row.code_hash) })
        .where('user_id', '=', row.user_id).where('code_hash', '=', row.code_hash).executeTakeFirst();
      rewritten += Number(result.numUpdatedRows);
    }
    return rewritten;
  }

  private get db() {
    return this.scope.db;
  }

  async totp(userId: number): Promise<TotpFactor | null> {
    const row = await this.db.selectFrom('totp_factors').selectAll().where('user_id', '=', userId).executeTakeFirst();
    if (!row) return null;
    return {
      userId: Number(row.user_id), secret: this.box.open(row.secret),
      confirmedAt: row.confirmed_at === null ? null : Number(row.confirmed_at), lastStep: Number(row.last_step),
    };
  }

  /** A new pending secret, replacing an earlier pending one; false when a confirmed factor exists. */
  async startTotp(userId: number, secret: string, now: number): Promise<boolean> {
    await this.db.deleteFrom('totp_factors').where('user_id', '=', userId).where('confirmed_at', 'is', null).execute();
    const result = await this.db.insertInto('totp_factors')
      .values({ user_id: userId, secret: this.box.seal(secret), created_at: now, confirmed_at: null, last_step: 0 })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('user_id')
      .executeTakeFirst();
    return result !== undefined;
  }

  /** Confirms the pending secret with the step its first code used; false when nothing was pending. */
  async confirmTotp(userId: number, step: number, now: number): Promise<boolean> {
    const result = await this.db.updateTable('totp_factors').set({ confirmed_at: now, last_step: step })
      .where('user_id', '=', userId).where('confirmed_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Takes time step `step` for the account's confirmed factor: false when it (or a later one) was used already. */
  async useStep(userId: number, step: number): Promise<boolean> {
    const result = await this.db.updateTable('totp_factors').set({ last_step: step })
      .where('user_id', '=', userId).where('confirmed_at', 'is not', null).where('last_step', '<', step).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async removeTotp(userId: number): Promise<void> {
    await this.db.deleteFrom('totp_factors').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  }

  /** Replaces every recovery code of the account with these (HMACed). */
  async replaceRecoveryCodes(userId: number, codes: readonly string[]): Promise<void> {
    await this.db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    await this.db.insertInto('recovery_codes')
      .values(codes.map((code) => ({ user_id: userId, code_hash: this.recoveryHash(code), used_at: null })))
      .execute();
  }

  /** Uses a recovery code up: true for the one caller that used an unused code. */
  async useRecoveryCode(userId: number, code: string, now: number): Promise<boolean> {
    const result = await this.db.updateTable('recovery_codes').set({ used_at: now })
      .where('user_id', '=', userId).where('code_hash', '=', this.recoveryHash(code)).where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recoveryCodesLeft(userId: number): Promise<number> {
    const row = await this.db.selectFrom('recovery_codes').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId).where('used_at', 'is', null).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async groupRequiresMfa(groupCode: string): Promise<boolean> {
    const row = await this.db.selectFrom('client_groups').select('require_mfa').where('code', '=', groupCode).executeTakeFirst();
    return Number(row?.require_mfa ?? 0) === 1;
  }

  async setGroupRequiresMfa(groupCode: string, required: boolean): Promise<boolean> {
    const result = await this.db.updateTable('client_groups').set({ require_mfa: required ? 1 : 0 }).where('code', '=', groupCode).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The accounts that belong to the group (its requireMfa just turned on: group-policy-sessions.ts). */
  async membersOf(groupCode: string): Promise<number[]> {
    const rows = await this.db.selectFrom('group_members').select('user_id').where('group_code', '=', groupCode).execute();
    return rows.map((row) => Number(row.user_id));
  }

  /** Whether any group the account belongs to requires a second factor. */
  async memberOfMfaGroup(userId: number): Promise<boolean> {
    const row = await this.db.selectFrom('group_members')
      .innerJoin('client_groups', 'client_groups.code', 'group_members.group_code')
      .select('client_groups.code')
      .where('group_members.user_id', '=', userId).where('client_groups.require_mfa', '=', 1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async createChallenge(token: string, challenge: MfaChallenge, expiresAt: number, now: number): Promise<void> {
    await this.db.deleteFrom('mfa_challenges').where('expires_at', '<=', now).execute();
    await this.db.insertInto('mfa_challenges').values({
      id_hash: hashOf(token), user_id: challenge.userId, method: challenge.method, redirect: challenge.redirect,
      client_id: challenge.clientId, purpose: challenge.purpose, expires_at: expiresAt,
    }).execute();
  }

  async findChallenge(token: string, now: number): Promise<MfaChallenge | null> {
    const row = await this.db.selectFrom('mfa_challenges').selectAll()
      .where('id_hash', '=', hashOf(token)).where('expires_at', '>', now).executeTakeFirst();
    if (!row || !PURPOSES.includes(row.purpose)) return null;
    return {
      userId: Number(row.user_id), method: row.method, redirect: row.redirect, clientId: row.client_id,
      purpose: row.purpose as ChallengePurpose,
    };
  }

  /** Ends a pending sign-in: true for the one caller that ended it while it was valid. */
  async consumeChallenge(token: string, now: number): Promise<boolean> {
    const result = await this.db.deleteFrom('mfa_challenges')
      .where('id_hash', '=', hashOf(token)).where('expires_at', '>', now).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }
}

/** Recovery codes are typed by people: case, spaces and dashes do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}
