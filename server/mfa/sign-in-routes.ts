// POST /centerAuth/sso/mfa/verify, /sso/mfa/enrol/start, /sso/mfa/enrol/confirm: the second step
// of a password sign-in (second-factor.ts), ending in completeLogin like every method. Embedded on
// a brand site, the step's request comes from the same origin, so it ends in a ticket there too.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ok } from '../http/envelope.ts';
import { completeLogin } from '../auth/index.ts';
import {
  confirmSignInEnrolment, startSignInEnrolment, verifySecondFactor,
  type ConfirmSignInEnrolmentBody, type StartSignInEnrolmentBody, type VerifySecondFactorBody,
} from '../../contract/endpoints/mfa.ts';
import { confirmEnrolmentStep, passVerifyStep, startEnrolmentStep } from './challenge-steps.ts';
import { MfaFieldMessages, Refusal } from '../../contract/errors.ts';
import type { MustChangeDetail } from '../../contract/endpoints/auth.ts';
import { ApiError, refuse } from '../http/api-error.ts';

export const codeFieldMessages = MfaFieldMessages;

export function registerSecondFactorSignIn(app: FastifyInstance, ctx: AppContext): void {
  const limits = { fieldMessages: codeFieldMessages, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } };

  app.post<{ Body: VerifySecondFactorBody }>(verifySecondFactor.path, { schema: { body: verifySecondFactor.body }, config: limits }, async (request, reply) => {
    const { challenge, code, recoveryCode } = request.body;
    const { found, user, method } = await passVerifyStep(ctx, request, challenge, { code, recoveryCode }, 'portal');
    return completeLogin(ctx, request, reply, user, method, found.redirect, found.clientId ?? undefined);
  });

  app.post<{ Body: StartSignInEnrolmentBody }>(startSignInEnrolment.path, { schema: { body: startSignInEnrolment.body }, config: limits }, async (request) => {
    return ok(startSignInEnrolment, await startEnrolmentStep(ctx, request.body.challenge, 'portal'));
  });

  app.post<{ Body: ConfirmSignInEnrolmentBody }>(confirmSignInEnrolment.path, { schema: { body: confirmSignInEnrolment.body }, config: limits }, async (request, reply) => {
    const { challenge, code } = request.body;
    const { found, user, recoveryCodes } = await confirmEnrolmentStep(ctx, request, challenge, code, 'portal');
    try {
      const answer = await completeLogin(ctx, request, reply, user, 'totp', found.redirect, found.clientId ?? undefined);
      return ok(confirmSignInEnrolment, { ...answer.data, recoveryCodes });
    } catch (error) {
      // The authenticator is enrolled whatever comes next: its recovery codes are shown once, so a
      // forced password change (AU00154, asked after the enrolment) carries them too.
      if (error instanceof ApiError && error.code === Refusal.firstLogin[0] && error.data) {
        throw refuse('firstLogin', { ...(error.data as MustChangeDetail), recoveryCodes } satisfies MustChangeDetail);
      }
      throw error;
    }
  });
}
