// The sign-in methods the audit filter offers, with their Chinese names. The contract's
// SIGN_IN_METHODS lives in contract/endpoints/console.ts, whose import would bring TypeBox into the
// page, so the list is repeated here and checked against it at compile time.
import type { SIGN_IN_METHODS } from '../../contract/endpoints/console.ts';

type Method = (typeof SIGN_IN_METHODS)[number];

export const METHOD_NAMES = {
  password: '密码',
  mobile: '短信验证码',
  wecom: '企业微信',
  feishu: '飞书',
  console: '管理控制台',
} as const satisfies Record<Method, string>;

export const METHODS = Object.keys(METHOD_NAMES) as Method[];

// Fails `npm run typecheck` when the contract names a method this list lacks (or the other way).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const methodsMatch: Same<keyof typeof METHOD_NAMES, Method> = true;
void methodsMatch;

export function methodName(method: string): string {
  return (METHOD_NAMES as Record<string, string>)[method] ?? method;
}
