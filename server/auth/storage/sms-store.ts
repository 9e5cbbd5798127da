// SMS codes (stored hashed) and the per-phone sending quota (auth/sms-codes.ts).
export type SmsPurpose = 'login' | 'register' | 'reset';

export interface SmsCode {
  phone: string;
  purpose: SmsPurpose;
  codeHash: string;
  expiresAt: number;
  attempts: number;
}

export interface SmsQuota {
  phone: string;
  /** The last send for this phone, whatever the purpose. */
  lastSentAt: number;
  /**
   * The last send per purpose: the resend cooldown is per phone and purpose. Absent on a record
   * written before it existed; lastSentAt then stands for every purpose.
   */
  lastSentByPurpose?: Partial<Record<SmsPurpose, number>>;
  /** The daily cap stays per phone. */
  day: string;
  dayCount: number;
}

export interface SmsStore {
  getQuota(phone: string): Promise<SmsQuota | null>;
  saveQuota(quota: SmsQuota): Promise<void>;
  saveCode(code: SmsCode): Promise<void>;
  getCode(phone: string, purpose: SmsPurpose): Promise<SmsCode | null>;
  /**
   * Counts one try of the current code and returns the code as it is after that count, in one
   * atomic step (one SQL statement / one Redis script): of parallel tries each sees its own
   * number, so no more than the allowed number are ever compared. null when there is no code.
   */
  countCodeTry(phone: string, purpose: SmsPurpose): Promise<SmsCode | null>;
  /**
   * Takes `key` until `until` when it is free at `now`, atomically: of parallel callers exactly one
   * gets true (the SMS send cooldown: two parallel sends, one SMS).
   */
  claimUntil(key: string, until: number, now: number): Promise<boolean>;
  /**
   * Deletes the code only while it is still the one with `codeHash`, atomically: true for the one
   * caller that deleted it, false for any other (a parallel login with the same code, a new code).
   */
  deleteCode(phone: string, purpose: SmsPurpose, codeHash: string): Promise<boolean>;
}
