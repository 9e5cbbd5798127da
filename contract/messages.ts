// Chinese texts that both the widget and the server produce: the server sends them in its answers,
// the widget shows them when it catches the same case before calling. Spec texts are exact.

// Spec section 8.
export const DEFAULT_ERROR = '系统错误请联系管理员';
export const ACCOUNT_LOCKED = '该账号已锁定';
export const TOKEN_EXPIRED = '令牌状态已过期，请点击重新登录';

// Spec section 5.
export const INVALID_PHONE = '请输入合法手机号';
export const INVALID_USERNAME = '用户名支持小写英文、数字';
export const USERNAME_EXISTS = '用户名已经存在';
export const PHONE_EXISTS = '手机号已经存在';

// Beyond the spec, shared by form checks and schema failures.
export const INVALID_SMS_CODE = '请输入6位数字验证码';
export const ENCRYPTED_FIELD_BROKEN = '密码格式不正确，请刷新页面后重试';

/** The SMS the old phone gets when an account's phone is changed on the account page (issue 31). */
export const phoneChangedNotice = (maskedNewPhone: string): string =>
  `【统一登录】您账号绑定的手机号已更换为 ${maskedNewPhone}。如非本人操作，请立即联系管理员。`;

/** The SMS the account's phone gets when its password was changed by the account (ASVS 2.2.3). */
export const PASSWORD_CHANGED_NOTICE = '【统一登录】您账号的登录密码已修改。如非本人操作，请立即联系管理员。';

/** The names of the ways to sign in that a notice names. */
const FACTOR_NAMES = { authenticator: '身份验证器', passkey: '通行密钥' } as const;

/** The SMS the account's phone gets when a way to sign in was added to the account (ASVS 2.2.3). */
export const factorAddedNotice = (factor: keyof typeof FACTOR_NAMES): string =>
  `【统一登录】您的账号已添加新的登录验证方式（${FACTOR_NAMES[factor]}）。如非本人操作，请立即联系管理员。`;

/** The second step's code field (the sign-in's form check and the server's schema failure). */
export const SECOND_FACTOR_CODE_REQUIRED = '请输入 6 位数字动态验证码';
