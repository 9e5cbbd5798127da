// The sign-in methods the audit filter offers (contract/rules/sign-in-methods.ts), with their
// Chinese names (audit.messages.ts).
import { SIGN_IN_METHODS, type SignInMethodName as Method } from '../../contract/rules/sign-in-methods.ts';
import { METHOD_NAMES } from './audit.messages.ts';

export const METHODS: readonly Method[] = SIGN_IN_METHODS;

export function methodName(method: string): string {
  return (METHOD_NAMES as Record<string, string>)[method] ?? method;
}
