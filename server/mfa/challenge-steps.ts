// The second step's calls behind a challenge (second-factor.ts), shared by the portal's sign-in
// (sign-in-routes.ts, ending in completeLogin) and the console's (server/console, ending in a
// console session): a code or recovery code, or an authenticator app enrolled there and then. A
// challenge belongs to the sign-in that made it: one the console made ('console') is refused by the
// portal's calls and the other way round, so neither can finish the other's sign-in.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { refuse } from '../http/api-error.ts';
import { audit } from '../auth/index.ts';
import type { LoginAttempt } from '../auth/index.ts';
import type { User } from '../records/user.ts';
import type { TotpEnrolment } from '../../contract/endpoints/mfa.ts';
import type { SecondFactorProof } from '../../contract/endpoints/account.ts';
import { oneAtATime, proveSecondFactor } from './second-factor.ts';
import { matchingStep, newEnrolment, newRecoveryCodes } from './totp.ts';
import type { MfaChallenge } from './mfa-store.ts';
import { noticeSecurityChange } from '../account/index.ts';

export type ChallengeOwner = 'portal' | 'console';

const ownerOf = (challenge: MfaChallenge): ChallengeOwner => (challenge.method === 'console' ? 'console' : 'portal');

export interface PassedStep {
  found: MfaChallenge;
  user: User;
  /** How the sign-in was finally proven: totp or recovery_code. */
  method: 'totp' | 'recovery_code';
}

async function pending(ctx: AppContext, challenge: string, purpose: MfaChallenge['purpose'], owner: ChallengeOwner) {
  const found = await ctx.stores.mfa.findChallenge(challenge, ctx.now());
  if (!found || found.purpose !== purpose || ownerOf(found) !== owner) throw refuse('mfaChallengeExpired');
  const user = await ctx.stores.users.findUserById(found.userId);
  if (!user) throw refuse('mfaChallengeExpired');
  return { found, user };
}

/** A code (or recovery code) for a 'verify' challenge; the challenge is used up when it is right. */
export async function passVerifyStep(
  ctx: AppContext, request: FastifyRequest, challenge: string, proof: SecondFactorProof, owner: ChallengeOwner,
): Promise<PassedStep> {
  const { found, user } = await pending(ctx, challenge, 'verify', owner);
  const clientId = found.clientId ?? undefined;
  const method = await oneAtATime(ctx, user.username, () =>
    proveSecondFactor(ctx, request, user, proof, { method: found.method as LoginAttempt['method'], clientId }));
  if (!(await ctx.stores.mfa.consumeChallenge(challenge, ctx.now()))) throw refuse('mfaChallengeExpired');
  return { found, user, method };
}

/** A new pending authenticator secret for an 'enrol' challenge's account. */
export async function startEnrolmentStep(ctx: AppContext, challenge: string, owner: ChallengeOwner): Promise<TotpEnrolment> {
  const { user } = await pending(ctx, challenge, 'enrol', owner);
  const enrolment = await newEnrolment(user.username);
  if (!(await ctx.stores.mfa.startTotp(user.id, enrolment.secret, ctx.now()))) throw refuse('totpAlreadyEnabled');
  return enrolment;
}

/** The first code of the pending secret: the app is enrolled, with new recovery codes. */
export async function confirmEnrolmentStep(
  ctx: AppContext, request: FastifyRequest, challenge: string, code: string, owner: ChallengeOwner,
): Promise<{ found: MfaChallenge; user: User; recoveryCodes: string[] }> {
  const { found, user } = await pending(ctx, challenge, 'enrol', owner);
  // A disabled account enrols nothing: the sign-in would be refused after the codes were made.
  if (user.disabled) {
    await audit(ctx, request, user.username, found.method as LoginAttempt['method'], 'disabled', found.clientId ?? undefined);
    throw refuse('accountDisabled');
  }
  const factor = await ctx.stores.mfa.totp(user.id);
  if (!factor || factor.confirmedAt !== null) throw refuse('totpNotPending');
  const step = matchingStep(factor.secret, code, ctx.now());
  if (step === null) throw refuse('badOtp');
  const recoveryCodes = newRecoveryCodes();
  await ctx.storage.transaction(async (tx) => {
    if (!(await tx.mfa.consumeChallenge(challenge, ctx.now()))) throw refuse('mfaChallengeExpired');
    if (!(await tx.mfa.confirmTotp(user.id, step, ctx.now()))) throw refuse('totpNotPending');
    await tx.mfa.replaceRecoveryCodes(user.id, recoveryCodes);
  });
  await noticeSecurityChange(ctx, request, user, 'authenticator');
  return { found, user, recoveryCodes };
}
