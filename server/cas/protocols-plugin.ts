// The protocols beside OpenID Connect (issue 23): the CAS server and the SAML 2.0 identity
// provider, on the same portal session, the same --group access rule and the same single logout.
// One registry of their apps (protocol_clients), reloaded like the OpenID Connect clients.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerCas } from './cas-plugin.ts';
import { registerSaml } from '../saml/index.ts';
import type { SlicePlugin } from '../slice-plugin.ts';

export async function registerProtocols(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const registry = ctx.protocolApps;
  await registry.start();
  app.addHook('onClose', async () => registry.stop());
  const cas = await registerCas(app, ctx, registry);
  await registerSaml(app, ctx, registry, () => ctx.portalAddress.base(), cas.reauthenticate);
}

/** CAS and SAML: their endpoints at the root (/cas/..., /saml/...), on one registry of their apps. */
export const protocolsSlice: SlicePlugin = {
  name: 'cas and saml',
  root: (app, ctx) => registerProtocols(app, ctx),
};
