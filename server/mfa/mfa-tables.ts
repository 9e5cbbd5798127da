// The second factor's tables in the query builder's database type (module augmentation keeps the
// slice's tables in the slice).
import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<number, number, number>;

export interface TotpFactorsTable {
  user_id: number;
  secret: string;
  created_at: Time;
  confirmed_at: Time | null;
  last_step: ColumnType<number, number | undefined, number>;
}

export interface RecoveryCodesTable {
  user_id: number;
  code_hash: string;
  used_at: Time | null;
}

export interface MfaChallengesTable {
  id_hash: string;
  user_id: number;
  method: string;
  redirect: string;
  client_id: string | null;
  purpose: string;
  expires_at: Time;
}

declare module '../storage/schema.ts' {
  interface ClientGroupsTable {
    /** 1: the group's members sign in only with a second factor (0009). */
    require_mfa: Generated<number>;
  }
  interface Database {
    totp_factors: TotpFactorsTable;
    recovery_codes: RecoveryCodesTable;
    mfa_challenges: MfaChallengesTable;
  }
}
