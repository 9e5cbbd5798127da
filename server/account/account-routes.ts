// /account/profile, /account/reauth, /account/phone*, /account/sessions*, /account/sign-ins: a
// signed-in person's own account (the /account page, portal/account/). Every call needs the portal
// session; changing the phone needs a recent proof of identity too (recent-proof.ts), and the old
// phone hears of the change.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { refuse } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { requireSession, sessionHandleOf } from '../auth/index.ts';
import { sessionIdOf } from '../http/cookie-names.ts';
import { ENCRYPTED_FIELD_BROKEN, INVALID_PHONE, INVALID_SMS_CODE, phoneChangedNotice } from '../../contract/messages.ts';
import {
  accountProfile, accountSessionList, changePhone, endOtherSessions, endOwnSession, proveIdentity, recentSignIns, sendPhoneChangeCode,
  type ChangePhoneBody, type EndOwnSessionBody, type ProveIdentityBody, type SendPhoneChangeCodeBody,
} from '../../contract/endpoints/account.ts';
import { maskPhone } from '../auth/index.ts';
import { decryptPassword } from '../auth/index.ts';
import { verifyPassword } from '../auth/index.ts';
import { locked } from '../http/api-error.ts';
import type { User } from '../records/user.ts';
import { oneAtATime, proveSecondFactor } from '../mfa/index.ts';
import { codeFieldMessages } from '../mfa/index.ts';
import { recordRecentProof, requireRecentProof, type ProofMethod } from './recent-proof.ts';
import { endOtherSessionsOf } from './other-sessions.ts';
import { placesOf } from './ip-place.ts';
import type { SlicePlugin } from '../slice-plugin.ts';

/** The place database's failure, once (then places are null): the list is shown all the same. */
const warnPlace = (request: FastifyRequest) => (error: unknown) => request.log.warn({ err: error }, 'IP place database unavailable');

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limits = { fieldMessages: { phone: INVALID_PHONE, code: INVALID_SMS_CODE }, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } };

  async function signedIn(request: FastifyRequest, reply: FastifyReply) {
    const session = await requireSession(ctx, request, reply);
    const user = await ctx.stores.users.findUserById(session.userId);
    if (!user || user.disabled) throw refuse('notLoggedIn');
    return { session, user };
  }

  app.get(accountProfile.path, { schema: { querystring: accountProfile.query } }, async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const codes = await ctx.stores.memberships.groupsOf(user.id);
    const groups = (await ctx.stores.catalog.listGroups()).filter((g) => codes.includes(g.code)).map((g) => ({ code: g.code, name: g.name }));
    return ok(accountProfile, { username: user.username, phone: user.phone, kind: user.kind, groups });
  });

  /** The account's own password, under the sign-in's lockout (a wrong one counts toward it). */
  async function checkOwnPassword(user: User, cipher: string): Promise<void> {
    const lockedForMs = await ctx.lockout.lockedForMs(user.username);
    if (lockedForMs > 0) throw locked(lockedForMs);
    if (await verifyPassword(user.passwordHash, decryptPassword(ctx, cipher))) return;
    const nowLockedForMs = await ctx.lockout.failAndLockedForMs(user.username);
    throw nowLockedForMs > 0 ? locked(nowLockedForMs) : refuse('badCurrentPassword');
  }

  const proofLimits = { ...limits, fieldMessages: { ...codeFieldMessages, password: ENCRYPTED_FIELD_BROKEN } };
  app.post<{ Body: ProveIdentityBody }>(proveIdentity.path, { schema: { body: proveIdentity.body }, config: proofLimits }, async (request, reply) => {
    const { session, user } = await signedIn(request, reply);
    const { password, code, recoveryCode } = request.body;
    // One check at a time per account, as at sign-in: parallel guesses all count.
    const by = await oneAtATime<ProofMethod>(ctx, user.username, async () => {
      if (password) {
        await checkOwnPassword(user, password);
        return 'password';
      }
      if (code || recoveryCode) return proveSecondFactor(ctx, request, user, { code, recoveryCode }, null);
      throw refuse('recentProofRequired');
    });
    request.log.info({ userId: user.id, by }, 'identity proved on the account page');
    return ok(proveIdentity, { until: await recordRecentProof(ctx, session, by) });
  });

  app.post<{ Body: SendPhoneChangeCodeBody }>(sendPhoneChangeCode.path, { schema: { body: sendPhoneChangeCode.body }, config: limits }, async (request, reply) => {
    const { session, user } = await signedIn(request, reply);
    await requireRecentProof(ctx, session, user);
    const { phone } = request.body;
    if (phone === user.phone) throw refuse('samePhone');
    if (await ctx.stores.users.findUserByPhone(phone)) throw refuse('phoneTaken');
    await ctx.sms.issue(phone, 'change_phone', true);
    return ok(sendPhoneChangeCode, null);
  });

  app.post<{ Body: ChangePhoneBody }>(changePhone.path, { schema: { body: changePhone.body }, config: limits }, async (request, reply) => {
    const { session, user } = await signedIn(request, reply);
    await requireRecentProof(ctx, session, user);
    const { phone, code } = request.body;
    if (phone === user.phone) throw refuse('samePhone');
    await ctx.sms.use(ctx.stores.sms, phone, 'change_phone', code);
    if (!(await ctx.stores.account.changePhone(user.id, phone))) throw refuse('phoneTaken');
    request.log.info({ userId: user.id }, 'phone changed by its account');
    // The old phone hears of it: a takeover that moved the phone does not go unnoticed.
    if (user.phone) {
      await ctx.sms.notify({ phone: user.phone, purpose: 'phone_changed', text: phoneChangedNotice(maskPhone(phone)) })
        .catch((error: unknown) => request.log.warn({ err: error, userId: user.id }, 'phone change notice not sent'));
    }
    return ok(changePhone, { phone });
  });

  app.get(accountSessionList.path, { schema: { querystring: accountSessionList.query } }, async (request, reply) => {
    const { session, user } = await signedIn(request, reply);
    const sessions = await ctx.stores.sessions.listUserSessions(user.id);
    const devices = await ctx.stores.account.devicesOf(user.id);
    const list = await Promise.all(sessions.map(async (s) => ({
      id: s.idHash,
      current: s.idHash === session.idHash,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      ip: devices.get(s.idHash)?.ip ?? '',
      place: null as string | null,
      userAgent: devices.get(s.idHash)?.userAgent ?? '',
      apps: await ctx.accountGrants.appsOfSession(s.idHash),
    })));
    const places = placesOf(list.map((s) => s.ip), warnPlace(request));
    for (const s of list) s.place = places.get(s.ip) ?? null;
    list.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt - a.lastSeenAt);
    return ok(accountSessionList, list);
  });

  app.post<{ Body: EndOwnSessionBody }>(endOwnSession.path, { schema: { body: endOwnSession.body } }, async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const target = (await ctx.stores.sessions.listUserSessions(user.id)).find((s) => s.idHash === request.body.id);
    if (!target) throw refuse('sessionGone');
    // Ends it where it is used too (its apps get single logout), on whichever instance.
    await ctx.sessions.endByHash(target.idHash);
    return ok(endOwnSession, null);
  });

  app.post(endOtherSessions.path, { schema: { body: endOtherSessions.body } }, async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const ended = await endOtherSessionsOf(ctx, user.id, sessionHandleOf(sessionIdOf(request) ?? ''));
    return ok(endOtherSessions, { ended });
  });

  app.get(recentSignIns.path, { schema: { querystring: recentSignIns.query } }, async (request, reply) => {
    const { user } = await signedIn(request, reply);
    const { rows } = await ctx.stores.audit.queryLoginAudit({ username: user.username }, 0, 20);
    const places = placesOf(rows.map((r) => r.ip), warnPlace(request));
    return ok(recentSignIns, rows.map((r) => ({ at: r.at, method: r.method, result: r.result, ip: r.ip, place: places.get(r.ip) ?? null, clientId: r.clientId })));
  });
}

export const accountSlice: SlicePlugin = {
  name: 'account',
  api: ({ api, ctx }) => registerAccountRoutes(api, ctx),
};
