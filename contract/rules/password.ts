// The password rule both sides state: 8 to 64 characters (room for pass phrases: NIST 800-63B asks
// for >= 64), no whitespace, at least three of lowercase / uppercase / digit / symbol, not
// containing the username or the phone. The server adds a guessability check with zxcvbn's
// dictionaries (server/auth/password-policy.ts), which the widget leaves to the server.
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** Why a password is refused, in the words the user reads (the widget shows the server's text). */
export const PasswordProblems = {
  shape: `密码需为${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH}位，且至少包含大写字母、小写字母、数字、特殊字符中的三种，不能包含空格`,
  containsUsername: '密码不能包含用户名',
  containsPhone: '密码不能包含手机号',
  common: '密码过于常见或有规律（如常用密码、键盘序列、日期、单词加数字），容易被猜中，请换一个更难猜的密码',
} as const;

/**
 * The rule as a field's hint, wherever a new password is typed (the account page, the console's
 * first setup, a new account, an administrator's reset): one wording, the same as the refusals'.
 */
export const PASSWORD_RULE_HINT = `${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH} 位，至少包含大写字母、小写字母、数字、特殊字符中的三种，不能包含空格、用户名或手机号`;

/** The shape rule alone (length, kinds, whitespace): synchronous, no dictionaries. */
export function shapeProblem(plain: string): string | null {
  if (plain.length < PASSWORD_MIN_LENGTH || plain.length > PASSWORD_MAX_LENGTH || /\s/.test(plain)) return PasswordProblems.shape;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(plain)).length;
  return kinds < 3 ? PasswordProblems.shape : null;
}

/** The rule without the dictionaries: shape, username, phone (the whole number or its last eight digits). */
export function ownerProblem(plain: string, owner: { username: string; phone?: string | null }): string | null {
  const shape = shapeProblem(plain);
  if (shape) return shape;
  if (owner.username && plain.toLowerCase().includes(owner.username.toLowerCase())) return PasswordProblems.containsUsername;
  const phone = owner.phone?.replace(/\D/g, '') ?? '';
  if (phone.length >= 8 && (plain.includes(phone) || plain.includes(phone.slice(-8)))) return PasswordProblems.containsPhone;
  return null;
}
