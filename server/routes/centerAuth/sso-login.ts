// POST /centerAuth/sso/doLogin: password login (name, pwd) and mobile login (phone, SMS code).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sm2Decrypt } from '../../crypto/sm2.ts';
import { decoyPasswordHash, verifyPassword } from '../../domain/passwords.ts';
import { locked, refuse } from '../../errors.ts';
import { audit, completeLogin, groupFor, loginRedirect, PHONE_PATTERN, refuseMustChange, SM2_CIPHER_PATTERN } from '../support.ts';

interface LoginBody {
  loginType?: 0 | 1;
  name?: string;
  pwd?: string;
  phone?: string;
  code?: string;
  clientId?: string;
  callBack?: string;
  from?: string;
  ssoDomain?: string;
}

const bodySchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    loginType: { type: 'integer', enum: [0, 1] },
    name: { type: 'string', minLength: 1, maxLength: 64 },
    pwd: { type: 'string', pattern: SM2_CIPHER_PATTERN },
    phone: { type: 'string', pattern: PHONE_PATTERN },
    code: { type: 'string', pattern: '^[0-9]{6}$' },
    clientId: { type: 'string', maxLength: 128 },
    callBack: { type: 'string', maxLength: 2048 },
    from: { type: 'string', maxLength: 256 },
    ssoDomain: { type: 'string', maxLength: 253 },
    view: { type: 'string', maxLength: 64 }, // the login page's view parameter (default odin), accepted and not used
  },
} as const;

const fieldMessages = {
  phone: '请输入合法手机号',
  code: '请输入6位数字验证码',
  pwd: '密码格式不正确，请刷新页面后重试',
  loginType: '登录方式不正确',
};

export function registerDoLogin(app: FastifyInstance, ctx: AppContext): void {
  app.post<{ Body: LoginBody }>('/centerAuth/sso/doLogin', {
    schema: { body: bodySchema },
    config: { fieldMessages, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } },
  }, async (request, reply) => {
    const body = request.body ?? {};
    const group = await groupFor(ctx, request, body.ssoDomain);
    const redirect = loginRedirect(request, group, body.callBack);
    const mobile = body.loginType === 1 || (body.loginType === undefined && body.phone !== undefined && body.name === undefined);

    if (mobile) {
      if (!body.phone) throw refuse('badSmsCode');
      // use() counts the try on the phone, then deletes the code: two parallel logins with one
      // code, one session; a sixth try finds the code burned.
      try {
        if (!body.code) throw refuse('badSmsCode');
        await ctx.sms.use(ctx.repo, body.phone, 'login', body.code);
      } catch (error) {
        await audit(ctx, request, body.phone, 'mobile', 'bad_code', body.clientId);
        throw error;
      }
      const user = await ctx.repo.findUserByPhone(body.phone);
      if (!user) throw refuse('badSmsCode');
      // The phone is proven: a password lockout does not stop this sign-in, and ends with it.
      await ctx.lockout.reset(user.username);
      await refuseMustChange(ctx, request, user, 'mobile', body.clientId);
      return completeLogin(ctx, request, reply, user, 'mobile', redirect, body.clientId);
    }

    const name = body.name?.trim();
    if (!name || !body.pwd) {
      await audit(ctx, request, name ?? '', 'password', 'bad_credentials', body.clientId);
      throw refuse('badCredentials');
    }
    const lockedForMs = await ctx.lockout.lockedForMs(name);
    if (lockedForMs > 0) {
      await audit(ctx, request, name, 'password', 'locked', body.clientId);
      throw locked(lockedForMs);
    }
    const plain = sm2Decrypt(body.pwd, ctx.keys.privateKey);
    if (plain === null) throw refuse('decryptFailed');
    const user = await ctx.repo.findUserByName(name);
    const matches = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), plain);
    if (!user || !matches) {
      const nowLockedForMs = await ctx.lockout.failAndLockedForMs(name);
      await audit(ctx, request, name, 'password', nowLockedForMs > 0 ? 'locked' : 'bad_credentials', body.clientId);
      throw nowLockedForMs > 0 ? locked(nowLockedForMs) : refuse('badCredentials');
    }
    await ctx.lockout.reset(name);
    if (user.mustChangePassword) {
      await audit(ctx, request, user.username, 'password', 'must_change', body.clientId);
      throw refuse('firstLogin');
    }
    if (ctx.now() - user.passwordChangedAt > ctx.config.passwordMaxAgeMs) {
      await audit(ctx, request, user.username, 'password', 'password_expired', body.clientId);
      throw refuse('passwordExpired');
    }
    return completeLogin(ctx, request, reply, user, 'password', redirect, body.clientId);
  });
}
