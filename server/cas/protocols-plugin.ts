// The protocols beside OpenID Connect (issue 23): the CAS server and the SAML 2.0 identity
// provider, on the same portal session, the same --group access rule and the same single logout.
// Their apps come from the one registry of every protocol's apps (catalog/app-registry.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerCas } from './cas-plugin.ts';
import { registerSaml } from '../saml/index.ts';
import type { SlicePlugin } from '../slice-plugin.ts';

export async function registerProtocols(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const registry = ctx.apps;
  await registry.start();
  app.addHook('onClose', async () => registry.stop());
  const cas = await registerCas(app, ctx, registry);
  await registerSaml(app, ctx, registry, () => ctx.portalAddress.base(), cas.reauthenticate);
}

/** CAS and SAML: their endpoints at the root (/cas/..., /saml/...), on the one registry of apps. */
export const protocolsSlice: SlicePlugin = {
  name: 'cas and saml',
  root: (app, ctx) => registerProtocols(app, ctx),
};
