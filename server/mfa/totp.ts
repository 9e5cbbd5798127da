// TOTP (RFC 6238) through otpauth: 6 digits, 30-second steps, SHA-1 (what every authenticator
// app reads from a QR code), ±1 step of clock drift. The step a code matched is what the replay
// check stores, so a code is accepted once even within its 90-second window.
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { TotpEnrolment } from '../../contract/endpoints/mfa.ts';
import { DisplayNames } from '../../contract/display-names.ts';

const PERIOD_S = 30;
export const ISSUER = DisplayNames.issuer;

function totpOf(secret: string, username = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label: username, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** A fresh 160-bit secret with its otpauth URI and QR code. */
export async function newEnrolment(username: string): Promise<TotpEnrolment> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpOf(secret, username).toString();
  // The QR code library (with its PNG encoder) loads on the first enrolment, not at start.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, uri, qrSvg };
}

/** The time step `code` belongs to (within ±1 step of `now`), or null when it is wrong. */
export function matchingStep(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / PERIOD_S) + delta;
}

/** The current code: for tests and the development tools, never sent anywhere. */
export function codeAt(secret: string, now: number): string {
  return totpOf(secret).generate({ timestamp: now });
}

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten single-use recovery codes, "xxxxx-xxxxx" (about 49 bits each), shown once, stored hashed. */
export function newRecoveryCodes(): string[] {
  const codes: string[] = [];
  for (let i = 0; i < 10; i++) {
    let code = '';
    for (let j = 0; j < 10; j++) code += ALPHABET[crypto.randomInt(ALPHABET.length)];
    codes.push(`${code.slice(0, 5)}-${code.slice(5)}`);
  }
  return codes;
}
