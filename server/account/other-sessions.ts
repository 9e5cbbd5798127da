// Ends every portal session of an account but the one making the request (退出其他所有设备, and
// after a change that must lock a thief out: the last passkey removed). Each ends where it is used
// too: its apps get single logout, on whichever instance.
import type { AppContext } from '../context.ts';

/** How many sessions it ended. */
export async function endOtherSessionsOf(ctx: AppContext, userId: number, keepIdHash: string): Promise<number> {
  let ended = 0;
  for (const session of await ctx.stores.sessions.listUserSessions(userId)) {
    if (session.idHash === keepIdHash) continue;
    await ctx.sessions.endByHash(session.idHash);
    ended++;
  }
  return ended;
}
