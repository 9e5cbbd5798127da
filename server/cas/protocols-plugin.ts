// The protocols beside OpenID Connect (issue 23): the CAS server and the SAML 2.0 identity
// provider, on the same portal session, the same --group access rule and the same single logout.
// One registry of their apps (protocol_clients), reloaded like the OpenID Connect clients.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { ProtocolRegistry } from './protocol-registry.ts';
import { registerCas } from './cas-plugin.ts';
import { registerSaml } from '../saml/saml-plugin.ts';
import { protocolAppGroups, protocolSignInLinks } from './protocol-app-links.ts';

export function publicBaseUrl(app: FastifyInstance, ctx: AppContext): string {
  if (ctx.config.publicUrl) return ctx.config.publicUrl.replace(/\/+$/, '');
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : ctx.config.port;
  return `http://localhost:${port}`;
}

export async function registerProtocols(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const store = ctx.stores.protocolClients;
  const registry = new ProtocolRegistry(store, (error) => app.log.warn({ err: error }, 'reloading CAS / SAML apps failed'), ctx.config.oidcClientCheckMs);
  await registry.start();
  app.addHook('onClose', async () => registry.stop());
  ctx.appLinks.useSignInLinks(protocolSignInLinks(registry, () => publicBaseUrl(app, ctx)));
  ctx.appLinks.useAppGroups(protocolAppGroups(registry));
  const cas = await registerCas(app, ctx, registry);
  await registerSaml(app, ctx, registry, () => publicBaseUrl(app, ctx), cas.reauthenticate);
}

