// SMS codes: 6 digits, valid for a few minutes, a resend cooldown per phone and purpose (a login code
// right after a registration code is fine), a daily cap per phone, a few tries per code. Codes are
// stored as an HMAC under a server key (a six-digit code under a plain hash is reversed in a
// millisecond) and leave the server only through the SmsSender. Tries are counted atomically on
// the phone (SmsStore.countCodeTry): after the last allowed try the code is burned, even for the
// right digits, until a new one is sent.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config.ts';
import type { SmsCode, SmsStore } from './storage/sms-store.ts';
import { refuse } from '../http/api-error.ts';
import { ensurePrivateDir, PRIVATE_FILE_MODE, tightenExisting } from '../storage/private-files.ts';

export type SmsPurpose = SmsCode['purpose'];

export interface SmsCodeMessage {
  phone: string;
  code: string;
  purpose: SmsPurpose;
}

/**
 * A notice with no code (issue 31, ASVS 2.2.3): the old phone hears that the account's phone was
 * changed; the account's phone that its password was changed or a factor added.
 */
export interface SmsNotice {
  phone: string;
  purpose: 'phone_changed' | 'password_changed' | 'factor_added';
  text: string;
}

export type SmsMessage = SmsCodeMessage | SmsNotice;

/**
 * Delivers a code. A production deployment plugs its SMS provider in here. `send` must resolve once
 * the message is handed over (queued), never wait for the operator's delivery report: the login and
 * reset sends answer alike whether or not the phone has an account (no SMS goes to a phone without
 * one), and a send that takes the gateway's round trip would tell the two apart by its time.
 */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export const maskPhone = (phone: string): string => phone.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

/** Where the development sender reports a send (the server's logger, so the line carries the request id). */
export interface SmsLog {
  info(message: string): void;
}

/** Development sender: appends {phone, code, purpose, at} (a notice: {phone, purpose, text, at}) to a JSON-lines outbox file. */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly outboxPath: string,
    private readonly log: SmsLog,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    // Codes are secrets: the outbox and its directory are the service account's alone.
    ensurePrivateDir(path.dirname(this.outboxPath));
    const { phone } = message;
    const line = JSON.stringify({ ...message, at: new Date().toISOString() }) + '\n';
    await fs.promises.appendFile(this.outboxPath, line, { mode: PRIVATE_FILE_MODE });
    tightenExisting([this.outboxPath]);
    this.log.info(`SMS sent to ${maskPhone(phone)} (see ${path.relative(process.cwd(), this.outboxPath) || this.outboxPath})`);
  }
}

type SmsConfig = Pick<ServerConfig, 'smsCodeTtlMs' | 'smsResendCooldownMs' | 'smsDailyCap' | 'smsMaxAttempts'>;

/** What a try of a code came to: the digits matched, did not, or the code is used up / absent. */
export type CodeCheck = 'ok' | 'wrong' | 'burned';

/** The calendar day in China, where the daily cap is counted. */
const chinaDay = (at: number): string => new Date(at + 8 * 3600_000).toISOString().slice(0, 10);

export class SmsCodes {
  constructor(
    private readonly store: SmsStore,
    private readonly sender: SmsSender,
    private readonly config: SmsConfig,
    private readonly now: () => number,
    /** The HMAC key of stored codes (derived from the deployment's key material). */
    private readonly codeKey: Buffer,
  ) {}

  private hashCode(phone: string, purpose: SmsPurpose, code: string): string {
    return crypto.createHmac('sha256', this.codeKey).update(`${purpose}:${phone}:${code}`).digest('hex');
  }

  /**
   * Applies the cooldown (per phone and purpose) and the daily cap (per phone), then (when `deliver`) creates and sends a code. With
   * deliver false the quota still counts, so an unregistered phone answers exactly like a real one.
   */
  async issue(phone: string, purpose: SmsPurpose, deliver: boolean): Promise<void> {
    const now = this.now();
    const day = chinaDay(now);
    // The cooldown is claimed in one atomic step: of two parallel sends only one goes on.
    const cooldown = this.config.smsResendCooldownMs;
    if (cooldown > 0 && !(await this.store.claimUntil(`sms-cooldown:${purpose}:${phone}`, now + cooldown, now))) throw refuse('smsTooSoon');
    // Counted in one atomic step as well: parallel sends for other purposes (whose cooldowns are
    // their own) cannot each read the same count and pass the cap together.
    if (!(await this.store.takeDailySend(phone, day, this.config.smsDailyCap, now))) throw refuse('smsDailyCap');
    // A phone without an account gets a code too, one nobody ever sees: its tries then count and
    // burn exactly like a real one's, so the answers do not tell which phones have accounts.
    const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, '0');
    await this.store.saveCode({ phone, purpose, codeHash: this.hashCode(phone, purpose, code), expiresAt: now + this.config.smsCodeTtlMs, attempts: 0 });
    if (deliver) await this.sender.send({ phone, code, purpose });
  }

  /** Sends a notice (no code, no quota: it answers an action of the account itself). */
  async notify(notice: SmsNotice): Promise<void> {
    await this.sender.send(notice);
  }

  /** Tries a code without using it up: every try counts, the right one included. */
  async verify(phone: string, purpose: SmsPurpose, code: string): Promise<CodeCheck> {
    const tried = await this.store.countCodeTry(phone, purpose);
    if (!tried || tried.expiresAt < this.now()) return 'wrong';
    if (tried.attempts > this.config.smsMaxAttempts) return 'burned';
    const given = Buffer.from(this.hashCode(phone, purpose, code), 'hex');
    const stored = Buffer.from(tried.codeHash, 'hex');
    return given.length === stored.length && crypto.timingSafeEqual(given, stored) ? 'ok' : 'wrong';
  }

  /** verify, as the refusal the caller answers with when the code does not hold. */
  async require(phone: string, purpose: SmsPurpose, code: string): Promise<void> {
    const result = await this.verify(phone, purpose, code);
    if (result === 'burned') throw refuse('smsCodeBurned');
    if (result === 'wrong') throw refuse('badSmsCode');
  }

  /**
   * Uses the code up, atomically: of parallel requests with the same code only one gets true.
   * Call inside the transaction that relies on the code.
   */
  consume(store: SmsStore, phone: string, purpose: SmsPurpose, code: string): Promise<boolean> {
    return store.deleteCode(phone, purpose, this.hashCode(phone, purpose, code));
  }

  /** require, then consume: passes only for the one caller that may act on this code. */
  async use(store: SmsStore, phone: string, purpose: SmsPurpose, code: string): Promise<void> {
    await this.require(phone, purpose, code);
    if (!(await this.consume(store, phone, purpose, code))) throw refuse('badSmsCode');
  }
}
