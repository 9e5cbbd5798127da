// RP-initiated logout without an id_token_hint: the provider shows our confirmation page, and its
// buttons post to oidc-provider's own confirm step. That step sends the back-channel logout tokens
// but keeps every grant (our tokens outlive the provider session: expiresWithSession is false, so
// oidc-provider marks each sign-in persistsLogout) and knows nothing of the portal session. This
// middleware runs after the step (oidc-provider's documented pre/post middleware, provider.use)
// and finishes what it left:
// - 退出登录 (`logout` field): the step ended the provider session and signed out of every app;
//   every app's grant is revoked and the portal session ends, as the hint path and the portal's
//   sign-out do.
// - 保持登录 (no `logout` field) on a request that named its app (client_id): the step signed out of
//   that app only (its logout token, its sign-in dropped from the session); its grant is revoked
//   too, so its refresh token stops working. The portal session and the other apps stay.
// The step drops the app's sign-in before we run: the app and its grant are read as the step's
// session is loaded (rememberLogoutRequest, from Session.get in provider.ts).
import type { KoaContextWithOIDC } from 'oidc-provider';

type Next = () => Promise<void>;

export interface ConfirmedLogout {
  /** The grant ids to revoke: every app's (退出登录), or the requesting app's (保持登录). */
  grantIds: string[];
  /** 退出登录: the portal session ends too. */
  endPortalSession: boolean;
}

interface LogoutRequest {
  /** The app that asked (client_id of the logout request), and its grant in the session. */
  grantId?: string;
}

const REQUEST = Symbol('sso logout request');

type Remembering = KoaContextWithOIDC & { [REQUEST]?: LogoutRequest };

/** Called as the confirm step loads its session, before the step changes it. */
export function rememberLogoutRequest(ctx: KoaContextWithOIDC, session: { state?: { clientId?: string }; authorizations?: Record<string, { grantId?: string }> }): void {
  if (ctx.oidc?.route !== 'end_session_confirm') return;
  const clientId = session.state?.clientId;
  (ctx as Remembering)[REQUEST] = { grantId: clientId ? session.authorizations?.[clientId]?.grantId : undefined };
}

export function finishConfirmedLogout(finish: (ctx: KoaContextWithOIDC, logout: ConfirmedLogout) => Promise<void>) {
  return async function confirmedLogout(ctx: KoaContextWithOIDC, next: Next): Promise<void> {
    await next();
    // Only a confirm step that went through (303); an xsrf failure answers 400.
    if (ctx.oidc?.route !== 'end_session_confirm' || ctx.status !== 303) return;
    if (!ctx.oidc.params?.logout) {
      const grantId = (ctx as Remembering)[REQUEST]?.grantId;
      if (grantId) await finish(ctx, { grantIds: [grantId], endPortalSession: false });
      return;
    }
    // The session is destroyed in storage by now; the object still holds its sign-ins.
    const authorizations = ctx.oidc.session?.authorizations ?? {};
    const grantIds = Object.values(authorizations).map((a) => a.grantId).filter((id): id is string => typeof id === 'string');
    await finish(ctx, { grantIds, endPortalSession: true });
  };
}
