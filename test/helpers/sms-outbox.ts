// The one reader of the development SMS outbox (server/auth/sms-codes.ts, OutboxSmsSender): one
// JSON line per message sent, in the file SSO_SMS_OUTBOX_PATH names (sms-outbox.jsonl in the data
// directory unless set). In-process apps (test-app.ts), server processes (start-server.ts), the
// scale-out instances and the e2e portal all read their codes here.
import fs from 'node:fs';
import { waitUntil } from './wait-until.ts';

export interface SmsMessage {
  phone: string;
  /** Absent on a notice (purpose phone_changed: its text instead). */
  code: string;
  purpose: string;
  text?: string;
  at?: string;
}

/** Every message in the outbox, oldest first; none when nothing was sent yet. */
export function smsOutbox(file: string): SmsMessage[] {
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as SmsMessage);
}

/** The codes sent to one phone, oldest first. */
export function smsCodesTo(file: string, phone: string): string[] {
  return smsOutbox(file).filter((m) => m.phone === phone && typeof m.code === 'string').map((m) => m.code);
}

/** The last code sent to a phone, or null. */
export function lastSmsCode(file: string, phone: string): string | null {
  return smsCodesTo(file, phone).at(-1) ?? null;
}

/**
 * Waits for a message to a phone for a purpose that `seen` has not handed out yet (a process
 * writes its outbox when its send finishes, which a browser test does not see), and marks it seen.
 */
export async function waitForSms(file: string, phone: string, purpose: string, seen: Set<number>, timeoutMs = 10_000): Promise<SmsMessage> {
  let found = -1;
  await waitUntil(() => {
    found = smsOutbox(file).findIndex((m, i) => m.phone === phone && m.purpose === purpose && !seen.has(i));
    return found >= 0;
  }, {
    timeoutMs,
    everyMs: 50,
    failure: () => `no ${purpose} SMS to ${phone} in ${file}: ${JSON.stringify(smsOutbox(file).map((m) => [m.phone, m.purpose]))}`,
  });
  seen.add(found);
  return smsOutbox(file)[found]!;
}
