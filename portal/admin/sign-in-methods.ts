// The sign-in methods the audit filter offers (contract/rules/sign-in-methods.ts), with their
// Chinese names.
import { SIGN_IN_METHODS, type SignInMethodName as Method } from '../../contract/rules/sign-in-methods.ts';

export const METHOD_NAMES = {
  password: '密码',
  mobile: '短信验证码',
  wecom: '企业微信',
  feishu: '飞书',
  console: '管理控制台',
  totp: '密码 + 动态验证码',
  recovery_code: '密码 + 恢复码',
  passkey: '通行密钥',
} as const satisfies Record<Method, string>;

export const METHODS: readonly Method[] = SIGN_IN_METHODS;

export function methodName(method: string): string {
  return (METHOD_NAMES as Record<string, string>)[method] ?? method;
}
