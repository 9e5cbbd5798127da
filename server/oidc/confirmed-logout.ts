// RP-initiated logout without an id_token_hint: the provider shows our confirmation page, and its
// 退出登录 button posts to oidc-provider's own confirm step. That step ends the provider session and
// sends the back-channel logout tokens, but it keeps every grant (our tokens outlive the provider
// session: expiresWithSession is false, so oidc-provider marks each sign-in persistsLogout) and
// knows nothing of the portal session. This middleware runs after the step (oidc-provider's
// documented pre/post middleware, provider.use) and finishes what the hint path and the portal's
// sign-out do: the grants of every app are revoked and the portal session ends. 保持登录 (no
// `logout` field) is left as oidc-provider answered it.
import type { KoaContextWithOIDC } from 'oidc-provider';

type Next = () => Promise<void>;

export interface ConfirmedLogout {
  /** The grant ids of the ended session's sign-ins, one per app. */
  grantIds: string[];
}

export function finishConfirmedLogout(finish: (ctx: KoaContextWithOIDC, logout: ConfirmedLogout) => Promise<void>) {
  return async function confirmedLogout(ctx: KoaContextWithOIDC, next: Next): Promise<void> {
    await next();
    // Only a confirm step that went through (303) with 退出登录; an xsrf failure answers 400.
    if (ctx.oidc?.route !== 'end_session_confirm' || !ctx.oidc.params?.logout || ctx.status !== 303) return;
    // The session is destroyed in storage by now; the object still holds its sign-ins.
    const authorizations = ctx.oidc.session?.authorizations ?? {};
    const grantIds = Object.values(authorizations).map((a) => a.grantId).filter((id): id is string => typeof id === 'string');
    await finish(ctx, { grantIds });
  };
}
