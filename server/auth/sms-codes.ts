// SMS codes: 6 digits, valid for a few minutes, a resend cooldown per phone and purpose (a login code
// right after a registration code is fine), a daily cap per phone, a few tries per code. Codes are stored hashed and leave the server only through the SmsSender.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config.ts';
import type { SmsCode, SmsStore } from './storage/sms-store.ts';
import { refuse } from '../http/api-error.ts';

export type SmsPurpose = SmsCode['purpose'];

export interface SmsMessage {
  phone: string;
  code: string;
  purpose: SmsPurpose;
}

/** Delivers a code. A production deployment plugs its SMS provider in here. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export const maskPhone = (phone: string): string => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

/** Development sender: appends {phone, code, purpose, at} to a JSON-lines outbox file. */
/** Where the development sender reports a send (the server's logger, so the line carries the request id). */
export interface SmsLog {
  info(message: string): void;
}

export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly outboxPath: string,
    private readonly log: SmsLog,
  ) {}

  async send({ phone, code, purpose }: SmsMessage): Promise<void> {
    await fs.promises.mkdir(path.dirname(this.outboxPath), { recursive: true });
    const line = JSON.stringify({ phone, code, purpose, at: new Date().toISOString() }) + '\n';
    await fs.promises.appendFile(this.outboxPath, line, { mode: 0o600 });
    this.log.info(`SMS sent to ${maskPhone(phone)} (see ${path.relative(process.cwd(), this.outboxPath) || this.outboxPath})`);
  }
}

type SmsConfig = Pick<ServerConfig, 'smsCodeTtlMs' | 'smsResendCooldownMs' | 'smsDailyCap' | 'smsMaxAttempts'>;

const hashCode = (phone: string, code: string): string =>
  crypto.createHash('sha256').update(`${phone}:${code}`).digest('hex');

/** The calendar day in China, where the daily cap is counted. */
const chinaDay = (at: number): string => new Date(at + 8 * 3600_000).toISOString().slice(0, 10);

export class SmsCodes {
  constructor(
    private readonly store: SmsStore,
    private readonly sender: SmsSender,
    private readonly config: SmsConfig,
    private readonly now: () => number,
  ) {}

  /**
   * Applies the cooldown (per phone and purpose) and the daily cap (per phone), then (when `deliver`) creates and sends a code. With
   * deliver false the quota still counts, so an unregistered phone answers exactly like a real one.
   */
  async issue(phone: string, purpose: SmsPurpose, deliver: boolean): Promise<void> {
    const now = this.now();
    const day = chinaDay(now);
    const quota = await this.store.getQuota(phone);
    // A record from before the per-purpose times: its lastSentAt holds for every purpose.
    const lastForPurpose = quota ? (quota.lastSentByPurpose ? quota.lastSentByPurpose[purpose] : quota.lastSentAt) : undefined;
    if (lastForPurpose !== undefined && now - lastForPurpose < this.config.smsResendCooldownMs) throw refuse('smsTooSoon');
    const sentToday = quota && quota.day === day ? quota.dayCount : 0;
    if (sentToday >= this.config.smsDailyCap) throw refuse('smsDailyCap');
    const before = quota?.lastSentByPurpose ?? (quota ? { login: quota.lastSentAt, register: quota.lastSentAt } : {});
    const lastSentByPurpose = { ...before, [purpose]: now };
    await this.store.saveQuota({ phone, lastSentAt: now, lastSentByPurpose, day, dayCount: sentToday + 1 });
    if (!deliver) return;
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
    await this.store.saveCode({ phone, purpose, codeHash: hashCode(phone, code), expiresAt: now + this.config.smsCodeTtlMs, attempts: 0 });
    await this.sender.send({ phone, code, purpose });
  }

  /** Checks a code without using it up; a wrong try counts against the code. */
  async check(phone: string, purpose: SmsPurpose, code: string): Promise<boolean> {
    const stored = await this.store.getCode(phone, purpose);
    if (!stored || stored.expiresAt < this.now() || stored.attempts >= this.config.smsMaxAttempts) return false;
    if (stored.codeHash !== hashCode(phone, code)) {
      await this.store.countAttempt(phone, purpose);
      return false;
    }
    return true;
  }

  /**
   * Uses the code up, atomically: of parallel requests with the same code only one gets true.
   * Call inside the transaction that relies on the code.
   */
  consume(store: SmsStore, phone: string, purpose: SmsPurpose, code: string): Promise<boolean> {
    return store.deleteCode(phone, purpose, hashCode(phone, code));
  }

  /** check, then consume: true only for the one caller that may act on this code. */
  async use(store: SmsStore, phone: string, purpose: SmsPurpose, code: string): Promise<boolean> {
    return (await this.check(phone, purpose, code)) && this.consume(store, phone, purpose, code);
  }
}
