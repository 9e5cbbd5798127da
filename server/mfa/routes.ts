// The second-factor slice's routes: the sign-in step and the account's own settings.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerAccountSecurityRoutes } from './account-routes.ts';
import { registerSecondFactorSignIn } from './sign-in-routes.ts';
import type { SlicePlugin } from '../slice-plugin.ts';

export function registerMfaRoutes(api: FastifyInstance, ctx: AppContext): void {
  registerSecondFactorSignIn(api, ctx);
  registerAccountSecurityRoutes(api, ctx);
}

export const mfaSlice: SlicePlugin = {
  name: 'mfa',
  api: ({ api, ctx }) => registerMfaRoutes(api, ctx),
};
