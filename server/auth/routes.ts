// The sign-in slice's routes, with the attempt policy they declare.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { AttemptPolicy } from './attempt-policy.ts';
import { registerCodeLogin } from './code-login-route.ts';
import { registerDoLogin } from './do-login-route.ts';
import { registerPasswordReset } from './password-reset-routes.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { registerLoginSms } from './sms-send-route.ts';
import { registerUserRoutes } from './user-routes.ts';
import type { SlicePlugin } from '../slice-plugin.ts';

export function registerAuthRoutes(api: FastifyInstance, ctx: AppContext, policy: AttemptPolicy): void {
  registerSessionRoutes(api, ctx);
  registerDoLogin(api, ctx, policy.signIn);
  registerCodeLogin(api, ctx);
  registerUserRoutes(api, ctx, policy.passwordChange);
  registerLoginSms(api, ctx, policy.smsSend);
  registerPasswordReset(api, ctx, policy);
}

export const authSlice: SlicePlugin = {
  name: 'auth',
  api: ({ api, ctx, policy }) => registerAuthRoutes(api, ctx, policy),
};
