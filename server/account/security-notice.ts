// The SMS an account's phone gets after a change of how it signs in (issue 31; OWASP ASVS 4.0.3
// 2.2.3: "the user is notified after updates to authentication details"): a password changed by the
// account, an authenticator app or a passkey added. A change made by someone who took the session
// or the password over then does not go unnoticed. (A phone change notifies the old phone in
// account-routes.ts, with the new number masked.) A notice that cannot be sent never undoes the
// change: it is logged, without the phone number.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { User } from '../records/user.ts';
import type { SmsNotice } from '../auth/index.ts';
import { factorAddedNotice, PASSWORD_CHANGED_NOTICE } from '../../contract/messages.ts';

export type SecurityChange = 'password' | 'authenticator' | 'passkey';

const NOTICES: Record<SecurityChange, Omit<SmsNotice, 'phone'>> = {
  password: { purpose: 'password_changed', text: PASSWORD_CHANGED_NOTICE },
  authenticator: { purpose: 'factor_added', text: factorAddedNotice('authenticator') },
  passkey: { purpose: 'factor_added', text: factorAddedNotice('passkey') },
};

export async function noticeSecurityChange(ctx: AppContext, request: FastifyRequest, user: Pick<User, 'id' | 'phone'>, change: SecurityChange): Promise<void> {
  if (!user.phone) return;
  await ctx.sms.notify({ phone: user.phone, ...NOTICES[change] })
    .catch((error: unknown) => request.log.warn({ err: error, userId: user.id, change }, 'security change notice not sent'));
}
