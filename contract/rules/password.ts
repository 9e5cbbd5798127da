// The password strength rule, the same in the change-password dialog, the register form, the
// server and the admin CLI: 8 to 32 characters; at least three of the four kinds lowercase,
// uppercase, digit, other printable character; no whitespace; must not contain the username.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 32;

export const WEAK_PASSWORD = '密码需为8-32位，且至少包含大写字母、小写字母、数字、特殊字符中的三种，不能包含用户名';

export function isStrongPassword(plain: string, username: string): boolean {
  if (plain.length < PASSWORD_MIN_LENGTH || plain.length > PASSWORD_MAX_LENGTH || /\s/.test(plain)) return false;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(plain)).length;
  if (kinds < 3) return false;
  return !(username && plain.toLowerCase().includes(username.toLowerCase()));
}
