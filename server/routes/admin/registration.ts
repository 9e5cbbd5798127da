// Registration: GET /admin/mobile/{phone} sends a registration code, GET /admin/user/details looks a
// name or phone up (rate-limited), POST /admin/register/user creates the account.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sm2Decrypt } from '../../crypto/sm2.ts';
import { hashPassword } from '../../domain/passwords.ts';
import { passwordProblem } from '../../auth/password-policy.ts';
import { badInput, refuse, weakPassword } from '../../errors.ts';
import { ok, PHONE_PATTERN, SM2_CIPHER_PATTERN } from '../support.ts';

const USERNAME_PATTERN = '^[a-z0-9]{1,32}$';
const fieldMessages = { phone: '请输入合法手机号', username: '用户名支持小写英文、数字', smsCode: '请输入6位数字验证码', password: '密码格式不正确，请刷新页面后重试' };

interface RegisterBody {
  username: string;
  phone: string;
  smsCode: string;
  password: string;
}

export function registerRegistrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { phone: string } }>('/admin/mobile/:phone', {
    schema: {
      params: { type: 'object', required: ['phone'], properties: { phone: { type: 'string', pattern: PHONE_PATTERN } } },
      querystring: { type: 'object', additionalProperties: false, properties: {} },
    },
    config: { xsrf: true, fieldMessages, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } },
  }, async (request) => {
    const { phone } = request.params;
    if (await ctx.repo.findUserByPhone(phone)) throw refuse('phoneTaken');
    await ctx.sms.issue(phone, 'register', true);
    return ok(null);
  });

  app.get<{ Querystring: { username?: string; phone?: string } }>('/admin/user/details', {
    schema: {
      querystring: {
        type: 'object',
        additionalProperties: false,
        properties: { username: { type: 'string', minLength: 1, maxLength: 64 }, phone: { type: 'string', pattern: PHONE_PATTERN } },
      },
    },
    config: { fieldMessages, rateLimit: { max: ctx.config.userLookupPerMinute, timeWindow: 60_000 } },
  }, async (request) => {
    const { username, phone } = request.query;
    if ((username === undefined) === (phone === undefined)) throw badInput('请提供 username 或 phone 其中之一');
    const user = username !== undefined ? await ctx.repo.findUserByName(username.trim()) : await ctx.repo.findUserByPhone(phone!);
    // Taken or free, nothing more (spec: non-null data means it exists): a phone look-up must not
    // hand out the account name that goes with it.
    return ok(user ? { taken: true } : null);
  });

  app.post<{ Body: RegisterBody }>('/admin/register/user', {
    schema: {
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['username', 'phone', 'smsCode', 'password'],
        properties: {
          username: { type: 'string', pattern: USERNAME_PATTERN },
          phone: { type: 'string', pattern: PHONE_PATTERN },
          smsCode: { type: 'string', pattern: '^[0-9]{6}$' },
          password: { type: 'string', pattern: SM2_CIPHER_PATTERN },
        },
      },
    },
    config: { fieldMessages, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } },
  }, async (request) => {
    const { username, phone, smsCode, password } = request.body;
    // The code first: without it the answer is the same whether the name or phone is taken.
    await ctx.sms.require(phone, 'register', smsCode);
    if (await ctx.repo.findUserByName(username)) throw refuse('usernameTaken');
    if (await ctx.repo.findUserByPhone(phone)) throw refuse('phoneTaken');
    const plain = sm2Decrypt(password, ctx.keys.privateKey);
    if (plain === null) throw refuse('decryptFailed');
    const problem = await passwordProblem(plain, { username, phone });
    if (problem) throw weakPassword(problem);
    const passwordHash = await hashPassword(plain);
    const user = await ctx.repo.transaction(async (tx) => {
      // Checked again inside the transaction: a concurrent registration may have taken them.
      if (await tx.findUserByName(username)) throw refuse('usernameTaken');
      if (await tx.findUserByPhone(phone)) throw refuse('phoneTaken');
      // A parallel registration with the same code may have used it meanwhile: only one gets it.
      if (!(await ctx.sms.consume(tx, phone, 'register', smsCode))) throw refuse('badSmsCode');
      return tx.insertUser({ username, phone, passwordHash, passwordChangedAt: ctx.now(), mustChangePassword: false, kind: 'dealer' });
    });
    return ok({ username: user.username });
  });
}
