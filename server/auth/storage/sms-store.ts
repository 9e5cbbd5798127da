// SMS codes (stored hashed) and the per-phone daily sending count (auth/sms-codes.ts).
// change_phone: the account page's new phone (server/account).
export type SmsPurpose = 'login' | 'register' | 'reset' | 'change_phone';

export interface SmsCode {
  phone: string;
  purpose: SmsPurpose;
  codeHash: string;
  expiresAt: number;
  attempts: number;
}

export interface SmsStore {
  /**
   * Counts one send to `phone` on `day` (the China calendar day) unless `cap` sends were already
   * counted that day, atomically (one SQL statement / one Redis script): of parallel sends, for any
   * purposes, no more than `cap` a day ever get true. `now` is kept as the phone's last send.
   */
  takeDailySend(phone: string, day: string, cap: number, now: number): Promise<boolean>;
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
