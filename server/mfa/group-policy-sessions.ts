// Turning on a group's 要求二次验证 (requireMfa) ends its members' portal sessions that were signed
// into without a second factor (issue 31): the rule holds from the moment it is saved, not from each
// member's next sign-in. How a session was signed into is its amr (oidc/sign-in-amr.ts, mfa: a
// password with an authenticator or recovery code, or a passkey); the ends are announced as a
// sign-out's are (single logout to the OIDC, CAS and SAML apps).
import type { AppContext } from '../context.ts';
import { amrOf } from '../oidc/index.ts';

/** Ends every one-factor portal session of the group's members; how many were ended. */
export async function endOneFactorSessionsOfGroup(ctx: AppContext, groupCode: string): Promise<number> {
  let ended = 0;
  for (const userId of await ctx.stores.mfa.membersOf(groupCode)) {
    for (const session of await ctx.stores.sessions.listUserSessions(userId)) {
      if ((await amrOf(ctx.storage.oidcRecords, session.idHash)).includes('mfa')) continue;
      await ctx.sessions.endByHash(session.idHash);
      ended += 1;
    }
  }
  return ended;
}
