// The portal session IS the provider's session. The Fastify route that hands a request to the
// provider resolves the portal session first and leaves it on the raw request; the checks here,
// run by the provider's login prompt on every authorization request, bind the provider session to
// it: signed out in the portal means signed out here, and a portal sign-in signs in here too.
import type { IncomingMessage } from 'node:http';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Session } from '../auth/storage/session-store.ts';
import type { Accounts } from './accounts.ts';
import type { ClientRegistry } from './client-registry.ts';
import type { OidcStorage } from './oidc-storage.ts';
import { amrOf } from './sign-in-amr.ts';

export interface PortalState {
  session: Session | null;
  /** The raw portal cookie, to end the session on logout. */
  sid?: string;
}

export type PortalRequest = IncomingMessage & { ssoPortal?: PortalState };

export const PORTAL_LINK_MODEL = 'PortalLink';

export function portalOf(ctx: KoaContextWithOIDC): Session | null {
  return (ctx.req as PortalRequest).ssoPortal?.session ?? null;
}

/** The provider session's login time for a portal session: when the user signed in there. */
export const loginTsOf = (session: Session): number => Math.floor(session.createdAt / 1000);

export interface PolicyDeps {
  accounts: Accounts;
  registry: ClientRegistry;
  storage: OidcStorage;
  /** Epoch ms after which a link between the two sessions may be forgotten. */
  linkTtlMs: number;
}

type ProviderSession = NonNullable<KoaContextWithOIDC['oidc']['session']> & { touched?: boolean };

/**
 * Binds the provider session to the portal session, before the provider looks at it (from
 * Session.get, see provider.ts): the account signed in to the portal is the session's account,
 * its portal sign-in time the login time, and the link lets single logout find this session.
 */
export async function bindToPortal(ctx: KoaContextWithOIDC, session: ProviderSession, deps: PolicyDeps): Promise<void> {
  const portal = portalOf(ctx);
  if (!portal) return;
  const subject = await deps.accounts.subjectOf(portal.userId);
  const loginTs = loginTsOf(portal);
  if (session.accountId !== subject || (session.loginTs ?? 0) < loginTs) {
    // Another account (or a new sign-in): a fresh provider session, no sign-ins carried over.
    if (session.accountId && session.accountId !== subject) {
      session.resetIdentifier();
      session.authorizations = {};
    }
    session.loginAccount({ accountId: subject, loginTs, amr: await amrOf(deps.storage, portal.idHash) });
    session.touched = true;
  }
  const link = await deps.storage.find(PORTAL_LINK_MODEL, portal.idHash);
  if (link?.uid !== session.uid) {
    await deps.storage.upsert(PORTAL_LINK_MODEL, portal.idHash, { uid: session.uid, accountId: subject }, Date.now() + deps.linkTtlMs, {});
  }
}
