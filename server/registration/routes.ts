// Registration: GET /admin/mobile/{phone} sends a registration code, GET /admin/user/details looks a
// name or phone up (rate-limited), POST /admin/register/user creates the dealer account, a member
// of the self-registration groups (registration-groups.ts).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { INVALID_PHONE, INVALID_SMS_CODE, INVALID_USERNAME, ENCRYPTED_FIELD_BROKEN } from '../../contract/messages.ts';
import {
  registerUser, sendRegisterSms, userDetails, type RegisterUserBody, type SendRegisterSmsParams, type UserDetailsQuery,
} from '../../contract/endpoints/registration.ts';
import type { RouteHooks } from '../auth/index.ts';
import { decryptPassword } from '../auth/index.ts';
import { passwordProblem } from '../auth/index.ts';
import { hashPassword } from '../auth/index.ts';
import { badInput, refuse, weakPassword } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { registrationGroups } from './registration-groups.ts';
import type { SlicePlugin } from '../slice-plugin.ts';
import { FieldMessages } from '../../contract/errors.ts';

const fieldMessages = { phone: INVALID_PHONE, username: INVALID_USERNAME, smsCode: INVALID_SMS_CODE, password: ENCRYPTED_FIELD_BROKEN };

export function registerRegistrationRoutes(app: FastifyInstance, ctx: AppContext, smsPolicy: RouteHooks): void {
  app.get<{ Params: SendRegisterSmsParams }>(sendRegisterSms.path, {
    schema: { params: sendRegisterSms.params, querystring: sendRegisterSms.query },
    config: { xsrf: sendRegisterSms.xsrf, fieldMessages, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } },
    ...smsPolicy,
  }, async (request) => {
    const { phone } = request.params;
    if (await ctx.stores.users.findUserByPhone(phone)) throw refuse('phoneTaken');
    await ctx.sms.issue(phone, 'register', true);
    return ok(sendRegisterSms, null);
  });

  app.get<{ Querystring: UserDetailsQuery }>(userDetails.path, {
    schema: { querystring: userDetails.query },
    config: { fieldMessages, rateLimit: { max: ctx.config.userLookupPerMinute, timeWindow: 60_000 } },
  }, async (request) => {
    const { username, phone } = request.query;
    if ((username === undefined) === (phone === undefined)) throw badInput(FieldMessages.usernameOrPhone);
    const user = username !== undefined ? await ctx.stores.users.findUserByName(username.trim()) : await ctx.stores.users.findUserByPhone(phone!);
    // Taken or free, nothing more (spec: non-null data means it exists): a phone look-up must not
    // hand out the account name that goes with it.
    return ok(userDetails, user ? { taken: true } : null);
  });

  app.post<{ Body: RegisterUserBody }>(registerUser.path, {
    schema: { body: registerUser.body },
    config: { fieldMessages, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } },
  }, async (request) => {
    const { username, phone, smsCode, password, ssoDomain } = request.body;
    // The code first: without it the answer is the same whether the name or phone is taken.
    await ctx.sms.require(phone, 'register', smsCode);
    if (await ctx.stores.users.findUserByName(username)) throw refuse('usernameTaken');
    if (await ctx.stores.users.findUserByPhone(phone)) throw refuse('phoneTaken');
    const plain = decryptPassword(ctx, password);
    const problem = await passwordProblem(plain, { username, phone });
    if (problem) throw weakPassword(problem);
    const passwordHash = await hashPassword(plain);
    const groups = await registrationGroups(ctx, request, ssoDomain);
    const user = await ctx.storage.transaction(async (tx) => {
      // Checked again inside the transaction: a concurrent registration may have taken them.
      if (await tx.users.findUserByName(username)) throw refuse('usernameTaken');
      if (await tx.users.findUserByPhone(phone)) throw refuse('phoneTaken');
      // A parallel registration with the same code may have used it meanwhile: only one gets it.
      if (!(await ctx.sms.consume(tx.sms, phone, 'register', smsCode))) throw refuse('badSmsCode');
      const created = await tx.users.insertUser({ username, phone, passwordHash, passwordChangedAt: ctx.now(), mustChangePassword: false, kind: 'dealer' });
      for (const code of groups) await tx.memberships.grant(created.id, code);
      return created;
    });
    return ok(registerUser, { username: user.username });
  });
}

export const registrationSlice: SlicePlugin = {
  name: 'registration',
  api: ({ api, ctx, policy }) => registerRegistrationRoutes(api, ctx, policy.smsSend),
};
