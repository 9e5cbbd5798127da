// /account/security, /account/totp/*, /account/recovery-codes: a signed-in person sets up, removes
// or renews the second factor. Enrolment keeps nothing half done: the secret stays pending (it
// never counts as a factor) until one code confirms it, and only then do recovery codes exist.
// Enrolling needs a recent proof of identity (account/recent-proof.ts): a stolen session must not
// bind the thief's authenticator; removing the factor or renewing the codes asks for a code itself.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { refuse } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { requireSession } from '../auth/index.ts';
import {
  accountSecurity, confirmTotpEnrolment, removeTotp, renewRecoveryCodes, startTotpEnrolment,
  type ConfirmTotpBody, type SecondFactorProof,
} from '../../contract/endpoints/account.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { oneAtATime, proveSecondFactor } from './second-factor.ts';
import { codeFieldMessages } from './sign-in-routes.ts';
import { matchingStep, newEnrolment, newRecoveryCodes } from './totp.ts';
import { requireRecentProof } from '../account/index.ts';
import { noticeSecurityChange } from '../account/index.ts';

export function registerAccountSecurityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limits = { fieldMessages: codeFieldMessages, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } };

  async function signedInUser(request: FastifyRequest, reply: FastifyReply) {
    const session = await requireSession(ctx, request, reply);
    const user = await ctx.stores.users.findUserById(session.userId);
    if (!user || user.disabled) throw refuse('notLoggedIn');
    return user;
  }

  /** The signed-in account, when its session proved who it is within the last 5 minutes. */
  async function recentlyProved(request: FastifyRequest, reply: FastifyReply) {
    const session = await requireSession(ctx, request, reply);
    const user = await signedInUser(request, reply);
    await requireRecentProof(ctx, session, user);
    return user;
  }

  app.get(accountSecurity.path, { schema: { querystring: accountSecurity.query } }, async (request, reply) => {
    const user = await signedInUser(request, reply);
    const factor = await ctx.stores.mfa.totp(user.id);
    return ok(accountSecurity, {
      totpEnabled: factor?.confirmedAt != null,
      recoveryCodesLeft: await ctx.stores.mfa.recoveryCodesLeft(user.id),
      mfaRequired: await ctx.stores.mfa.memberOfMfaGroup(user.id),
    });
  });

  app.post(startTotpEnrolment.path, { schema: { body: startTotpEnrolment.body }, config: limits }, async (request, reply) => {
    const user = await recentlyProved(request, reply);
    const enrolment = await newEnrolment(user.username);
    if (!(await ctx.stores.mfa.startTotp(user.id, enrolment.secret, ctx.now()))) throw refuse('totpAlreadyEnabled');
    return ok(startTotpEnrolment, enrolment);
  });

  app.post<{ Body: ConfirmTotpBody }>(confirmTotpEnrolment.path, { schema: { body: confirmTotpEnrolment.body }, config: limits }, async (request, reply) => {
    const user = await recentlyProved(request, reply);
    const factor = await ctx.stores.mfa.totp(user.id);
    if (!factor || factor.confirmedAt !== null) throw refuse('totpNotPending');
    const step = matchingStep(factor.secret, request.body.code, ctx.now());
    if (step === null) throw refuse('badOtp');
    const recoveryCodes = newRecoveryCodes();
    await ctx.storage.transaction(async (tx) => {
      if (!(await tx.mfa.confirmTotp(user.id, step, ctx.now()))) throw refuse('totpNotPending');
      await tx.mfa.replaceRecoveryCodes(user.id, recoveryCodes);
    });
    await noticeSecurityChange(ctx, request, user, 'authenticator');
    return ok(confirmTotpEnrolment, { recoveryCodes });
  });

  app.post<{ Body: SecondFactorProof }>(removeTotp.path, { schema: { body: removeTotp.body }, config: limits }, async (request, reply) => {
    const user = await signedInUser(request, reply);
    await oneAtATime(ctx, user.username, () => proveSecondFactor(ctx, request, user, request.body, null));
    await ctx.storage.transaction((tx) => tx.mfa.removeTotp(user.id));
    return ok(removeTotp, null);
  });

  app.post<{ Body: SecondFactorProof }>(renewRecoveryCodes.path, { schema: { body: renewRecoveryCodes.body }, config: limits }, async (request, reply) => {
    const user = await signedInUser(request, reply);
    await oneAtATime(ctx, user.username, () => proveSecondFactor(ctx, request, user, request.body, null));
    const recoveryCodes = newRecoveryCodes();
    await ctx.storage.transaction((tx) => tx.mfa.replaceRecoveryCodes(user.id, recoveryCodes));
    return ok(renewRecoveryCodes, { recoveryCodes });
  });
}
