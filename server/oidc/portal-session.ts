// The portal session IS the provider's session. The Fastify route that hands a request to the
// provider resolves the portal session first and leaves it on the raw request; the checks here,
// run by the provider's login prompt on every authorization request, bind the provider session to
// it: signed out in the portal means signed out here, and a portal sign-in signs in here too.
import type { IncomingMessage } from 'node:http';
import type { KoaContextWithOIDC } from 'oidc-provider';
import type { Session } from '../records/session.ts';
import type { Accounts } from './accounts.ts';
import type { Apps } from '../registered-apps.ts';
import type { OidcStorage } from './oidc-record-store.ts';
import { amrOf } from './sign-in-amr.ts';
import { acrOf } from './acr.ts';
import type { SignIns } from './single-logout.ts';
import { PORTAL_LINK_MODEL } from './portal-link.ts';

export interface PortalState {
  session: Session | null;
  /** The raw portal cookie, to end the session on logout. */
  sid?: string;
}

export type PortalRequest = IncomingMessage & { ssoPortal?: PortalState };

export { PORTAL_LINK_MODEL };

/**
 * A provider session whose portal session was ended for a prompt=login (or max_age)
 * re-authentication: kept under this id until someone signs in again in that browser (the same
 * account keeps its apps, another account ends them, portal-session.ts) or, when nobody does
 * within REAUTH_WAIT_MS, ended by the sweep like any other portal session (oidc-plugin.ts).
 */
export const reauthLinkId = (uid: string): string => `reauth:${uid}`;
export const isReauthLink = (id: string): boolean => id.startsWith('reauth:');
/** As long as the interaction that asked for the re-authentication lives (provider.ts ttl). */
export const REAUTH_WAIT_MS = 30 * 60_000;

export function portalOf(ctx: KoaContextWithOIDC): Session | null {
  return (ctx.req as PortalRequest).ssoPortal?.session ?? null;
}

/** The provider session's login time for a portal session: when the user signed in there. */
export const loginTsOf = (session: Session): number => Math.floor(session.createdAt / 1000);

export interface PolicyDeps {
  accounts: Accounts;
  registry: Apps;
  storage: OidcStorage;
  /** Epoch ms after which a link between the two sessions may be forgotten. */
  linkTtlMs: number;
  /** Ends an account's sign-ins to apps (single logout: grants revoked, logout tokens sent). */
  endSignIns(accountId: string, signIns: SignIns): Promise<void>;
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
    if (session.accountId && session.accountId !== subject) {
      // Another account signs in over this browser's provider session (a prompt=login with
      // another account's password, a portal sign-in as someone else): the first account's
      // sign-ins end properly first, single logout to its apps and their grants revoked (review
      // finding 1), before the session is taken over with no sign-in carried over. Of requests
      // racing here only the one that claims the stored session (atomic consume) ends them.
      const signIns = session.authorizations ?? {};
      const ended = session.jti;
      if (Object.keys(signIns).length > 0 && await deps.storage.consume('Session', ended, Date.now())) {
        await deps.endSignIns(session.accountId, signIns);
      }
      // Gone now, not only when this session is saved under its new id: a resume in the same
      // request renews the id once more and would leave this record behind under the same uid.
      await deps.storage.destroy('Session', ended);
      session.resetIdentifier();
      session.authorizations = {};
    }
    const amr = await amrOf(deps.storage, portal.idHash);
    session.loginAccount({ accountId: subject, loginTs, amr, acr: acrOf(amr) });
    session.touched = true;
  }
  const link = await deps.storage.find(PORTAL_LINK_MODEL, portal.idHash);
  if (link?.uid !== session.uid || link.accountId !== subject) {
    // idHash in the payload and the uid index: a refresh finds the portal session of its provider
    // session (refresh activity, oidc-plugin.ts).
    await deps.storage.upsert(PORTAL_LINK_MODEL, portal.idHash, { uid: session.uid, accountId: subject, idHash: portal.idHash },
      Date.now() + deps.linkTtlMs, { uid: session.uid });
    // Someone signed in again after a prompt=login: the session is bound again, nothing waits.
    await deps.storage.destroy(PORTAL_LINK_MODEL, reauthLinkId(session.uid));
  }
}
