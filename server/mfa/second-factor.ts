// The second step of a password sign-in. After the right password, an account with an
// authenticator app (or in a group that requires one) gets no session yet: it gets a challenge
// (AU00170, or AU00175 to enrol first), and /sso/mfa/verify or /sso/mfa/enrol/confirm ends the
// sign-in through completeLogin like every other method. Wrong codes count toward the same lockout
// as wrong passwords, and the password's success does not clear that count while a code is due
// (else password, four guesses, password, four guesses ... would never lock).
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { ApiError, HttpMessages, locked, refuse } from '../http/api-error.ts';
import { audit } from '../auth/index.ts';
import { lockoutKey } from '../auth/index.ts';
import type { User } from '../records/user.ts';
import type { LoginAttempt } from '../auth/index.ts';
import type { MfaStep } from '../../contract/endpoints/mfa.ts';
import type { SecondFactorProof } from '../../contract/endpoints/account.ts';
import { matchingStep } from './totp.ts';

export const CHALLENGE_LIFETIME_MS = 5 * 60_000;

export type SecondFactorNeed = 'verify' | 'enrol' | 'passkey' | null;

/**
 * What this account owes after its password: a code, an enrolment, or nothing. A member of a group
 * that requires a second factor who has a passkey but no authenticator app has a second factor:
 * the password alone is not enough, and the passkey is the way in ('passkey': no enrolment forced).
 */
export async function secondFactorNeed(ctx: AppContext, user: User): Promise<SecondFactorNeed> {
  const factor = await ctx.stores.mfa.totp(user.id);
  if (factor?.confirmedAt != null) return 'verify';
  if (!(await ctx.stores.mfa.memberOfMfaGroup(user.id))) return null;
  return (await ctx.stores.passkeys.listOf(user.id)).length > 0 ? 'passkey' : 'enrol';
}

/**
 * Throws the second step's refusal when `need` says one is due, with a new challenge that remembers
 * where the sign-in goes next; returns when the sign-in may complete now.
 */
export async function askSecondFactor(
  ctx: AppContext, request: FastifyRequest, user: User, need: SecondFactorNeed,
  method: LoginAttempt['method'], redirect: string, clientId?: string,
): Promise<void> {
  if (need === null) return;
  if (need === 'passkey') {
    await audit(ctx, request, user.username, method, 'passkey_required', clientId);
    throw refuse('usePasskey');
  }
  await askChallengeStep(ctx, request, user, need, method, redirect, clientId);
}

/**
 * Throws AU00170 (verify) or AU00175 (enrol) with a new challenge for `user`, which remembers how the
 * sign-in began (`method`: 'console' for the console's, else the portal's) and where it goes next.
 */
export async function askChallengeStep(
  ctx: AppContext, request: FastifyRequest, user: User, need: 'verify' | 'enrol',
  method: LoginAttempt['method'], redirect: string, clientId?: string,
): Promise<never> {
  const challenge = crypto.randomBytes(32).toString('base64url');
  const now = ctx.now();
  await ctx.stores.mfa.createChallenge(challenge, {
    userId: user.id, method, redirect, clientId: clientId ?? null, purpose: need,
  }, now + CHALLENGE_LIFETIME_MS, now);
  await audit(ctx, request, user.username, method, need === 'verify' ? 'second_factor_asked' : 'enrolment_required', clientId);
  const data: MfaStep = { challenge, step: need };
  throw refuse(need === 'verify' ? 'secondFactorRequired' : 'secondFactorEnrolRequired', data);
}

/** One code check at a time per account (the doLogin guard's key), so parallel guesses all count. */
export async function oneAtATime<T>(ctx: AppContext, username: string, work: () => Promise<T>): Promise<T> {
  const account = `name:${lockoutKey(username)}`;
  const deadline = Date.now() + 5000;
  let token = await ctx.accountGuard.acquire(account);
  while (!token) {
    if (Date.now() > deadline) throw new ApiError(429, HttpMessages.tooManyRequests, 429);
    await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 15));
    token = await ctx.accountGuard.acquire(account);
  }
  try {
    return await work();
  } finally {
    await ctx.accountGuard.release(account, token).catch(() => {});
  }
}

/**
 * Checks a code or a recovery code of the account's confirmed factor and uses it up: which one
 * proved it, or a refusal (wrong, reused, locked) with the failure counted.
 */
export async function proveSecondFactor(
  ctx: AppContext, request: FastifyRequest, user: User, proof: SecondFactorProof,
  auditAs: { method: LoginAttempt['method']; clientId?: string } | null,
): Promise<'totp' | 'recovery_code'> {
  const lockedForMs = await ctx.lockout.lockedForMs(user.username);
  if (lockedForMs > 0) {
    if (auditAs) await audit(ctx, request, user.username, auditAs.method, 'locked', auditAs.clientId);
    throw locked(lockedForMs);
  }
  const failed = async (refusal: 'badOtp' | 'otpReused' | 'badRecoveryCode'): Promise<never> => {
    const nowLockedForMs = await ctx.lockout.failAndLockedForMs(user.username);
    const result = nowLockedForMs > 0 ? 'locked' : refusal === 'otpReused' ? 'otp_reused' : refusal === 'badOtp' ? 'bad_otp' : 'bad_recovery_code';
    if (auditAs) await audit(ctx, request, user.username, auditAs.method, result, auditAs.clientId);
    throw nowLockedForMs > 0 ? locked(nowLockedForMs) : refuse(refusal);
  };
  const factor = await ctx.stores.mfa.totp(user.id);
  if (factor?.confirmedAt == null) throw refuse('totpNotEnabled');
  if (proof.code) {
    const step = matchingStep(factor.secret, proof.code, ctx.now());
    if (step === null) return failed('badOtp');
    if (!(await ctx.stores.mfa.useStep(user.id, step))) return failed('otpReused');
    await ctx.lockout.reset(user.username);
    return 'totp';
  }
  if (proof.recoveryCode) {
    if (!(await ctx.stores.mfa.useRecoveryCode(user.id, proof.recoveryCode, ctx.now()))) return failed('badRecoveryCode');
    await ctx.lockout.reset(user.username);
    return 'recovery_code';
  }
  throw refuse('proofMissing');
}
