// Every error a client can see is an ApiError from this catalogue: one code, one Chinese text, one
// HTTP status. The central error handler in app.ts turns them into the envelope.

export class ApiError extends Error {
  constructor(
    readonly code: string | number,
    msg: string,
    readonly httpStatus = 200,
  ) {
    super(msg);
    this.name = 'ApiError';
  }
}

/** Business refusals: HTTP 200, code = errorCode = the string below. */
export const Refusal = {
  badCredentials: ['AU00100', '用户名或密码错误'],
  passwordExpired: ['AU00153', '密码已超过一个月未修改，请修改密码'],
  firstLogin: ['AU00154', '首次登录，请先修改密码'],
  notLoggedIn: ['AU00300', '未登录或登录已失效，请重新登录'],
  decryptFailed: ['AU00101', '密码解密失败，请刷新页面后重试'],
  confirmMismatch: ['AU00102', '两次输入的新密码不一致'],
  weakPassword: ['AU00103', '密码需为8-64位，且至少包含大写字母、小写字母、数字、特殊字符中的三种，不能包含空格'],
  samePassword: ['AU00104', '新密码不能与当前密码相同'],
  badSmsCode: ['AU00110', '验证码错误或已过期'],
  smsTooSoon: ['AU00111', '验证码发送过于频繁，请稍后再试'],
  smsDailyCap: ['AU00112', '今日验证码发送次数已达上限，请明天再试'],
  smsCodeBurned: ['AU00113', '验证码错误次数过多，已失效，请重新获取验证码'],
  usernameTaken: ['AU00120', '用户名已经存在'],
  phoneTaken: ['AU00121', '手机号已经存在'],
  badCallBack: ['AU00130', '回调地址不在允许范围内'],
  weComNotConfigured: ['AU00140', '当前客户组未配置企业微信登录'],
  feishuNotConfigured: ['AU00141', '当前客户组未配置飞书登录'],
  weComUnlinked: ['AU00142', '该企业微信账号未绑定系统用户，请联系管理员'],
  feishuUnlinked: ['AU00143', '该飞书账号未绑定系统用户，请联系管理员'],
  badAuthCode: ['AU00144', '授权码无效或已过期，请重新扫码'],
} as const satisfies Record<string, readonly [string, string]>;

export type RefusalName = keyof typeof Refusal;

export function refuse(name: RefusalName): ApiError {
  const [code, msg] = Refusal[name];
  return new ApiError(code, msg, 200);
}

/** AU00103 with the policy's reason (server/auth/password-policy.ts). */
export const weakPassword = (why: string) => new ApiError(Refusal.weakPassword[0], why, 200);

export const HttpMessages = {
  xsrf: '请求校验失败，请刷新页面后重试',
  locked: '该账号已锁定',
  sessionExpired: '令牌状态已过期，请点击重新登录',
  tooManyRequests: '请求过于频繁，请稍后再试',
  badSignature: '签名校验失败',
  signatureExpired: '请求已过期，请校准时间后重试',
  nonceReplayed: '请求重复，请勿重放',
  badEncryption: '加密报文无法解析',
  notFound: '接口不存在',
  serverError: '系统错误请联系管理员',
  upstreamDown: '第三方登录服务暂不可用，请稍后重试',
  storageDown: '服务暂不可用，请稍后重试',
} as const;

/** HTTP 423; with the time left, the message says how many minutes (rounded up) to wait. */
export const locked = (remainingMs?: number) => new ApiError(
  423, remainingMs && remainingMs > 0 ? `${HttpMessages.locked}，请 ${Math.ceil(remainingMs / 60_000)} 分钟后再试` : HttpMessages.locked, 423,
);
export const sessionExpired = () => new ApiError(424, HttpMessages.sessionExpired, 424);
export const badInput = (msg: string) => new ApiError(400, msg, 400);
export const unauthorized = (msg: string) => new ApiError(401, msg, 401);
export const upstreamDown = () => new ApiError(503, HttpMessages.upstreamDown, 503);
