// POST /centerAuth/sso/mfa/verify, /sso/mfa/enrol/start, /sso/mfa/enrol/confirm: the second step
// of a password sign-in (second-factor.ts), ending in completeLogin like every method. Embedded on
// a brand site, the step's request comes from the same origin, so it ends in a ticket there too.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { refuse } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { audit, completeLogin } from '../auth/complete-login.ts';
import {
  confirmSignInEnrolment, startSignInEnrolment, verifySecondFactor,
  type ConfirmSignInEnrolmentBody, type StartSignInEnrolmentBody, type VerifySecondFactorBody,
} from '../../contract/endpoints/mfa.ts';
import type { LoginAttempt } from '../auth/storage/login-audit-store.ts';
import { oneAtATime, proveSecondFactor } from './second-factor.ts';
import { matchingStep, newEnrolment, newRecoveryCodes } from './totp.ts';
import type { MfaChallenge } from './mfa-store.ts';
import { MfaFieldMessages } from '../../contract/errors.ts';

export const codeFieldMessages = MfaFieldMessages;

export function registerSecondFactorSignIn(app: FastifyInstance, ctx: AppContext): void {
  const limits = { fieldMessages: codeFieldMessages, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } };

  async function pending(challenge: string, purpose: MfaChallenge['purpose']) {
    const found = await ctx.stores.mfa.findChallenge(challenge, ctx.now());
    if (!found || found.purpose !== purpose) throw refuse('mfaChallengeExpired');
    const user = await ctx.stores.users.findUserById(found.userId);
    if (!user) throw refuse('mfaChallengeExpired');
    return { found, user };
  }

  app.post<{ Body: VerifySecondFactorBody }>(verifySecondFactor.path, { schema: { body: verifySecondFactor.body }, config: limits }, async (request, reply) => {
    const { challenge, code, recoveryCode } = request.body;
    const { found, user } = await pending(challenge, 'verify');
    const clientId = found.clientId ?? undefined;
    const method = await oneAtATime(ctx, user.username, () =>
      proveSecondFactor(ctx, request, user, { code, recoveryCode }, { method: found.method as LoginAttempt['method'], clientId }));
    if (!(await ctx.stores.mfa.consumeChallenge(challenge, ctx.now()))) throw refuse('mfaChallengeExpired');
    return completeLogin(ctx, request, reply, user, method, found.redirect, clientId);
  });

  app.post<{ Body: StartSignInEnrolmentBody }>(startSignInEnrolment.path, { schema: { body: startSignInEnrolment.body }, config: limits }, async (request) => {
    const { user } = await pending(request.body.challenge, 'enrol');
    const enrolment = await newEnrolment(user.username);
    if (!(await ctx.stores.mfa.startTotp(user.id, enrolment.secret, ctx.now()))) throw refuse('totpAlreadyEnabled');
    return ok(startSignInEnrolment, enrolment);
  });

  app.post<{ Body: ConfirmSignInEnrolmentBody }>(confirmSignInEnrolment.path, { schema: { body: confirmSignInEnrolment.body }, config: limits }, async (request, reply) => {
    const { challenge, code } = request.body;
    const { found, user } = await pending(challenge, 'enrol');
    const clientId = found.clientId ?? undefined;
    // A disabled account enrols nothing: completeLogin would refuse after the codes were made.
    if (user.disabled) {
      await audit(ctx, request, user.username, found.method as LoginAttempt['method'], 'disabled', clientId);
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
    const answer = await completeLogin(ctx, request, reply, user, 'totp', found.redirect, clientId);
    return ok(confirmSignInEnrolment, { ...answer.data, recoveryCodes });
  });
}
