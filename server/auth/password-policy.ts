// The password policy of registration, password change and the admin CLI: one place, one answer.
//
// 1. 8 to 64 characters, no whitespace, at least three of lowercase / uppercase / digit / symbol
//    (the rule the product always had, with room for pass phrases: NIST 800-63B asks for >= 64).
// 2. Not containing the username or the phone number.
// 3. Not guessable: zxcvbn (the estimator Authelia's password policy uses) with the maintained
//    common-password, name and word lists of @zxcvbn-ts/language-common and -en must rate it at
//    least 3 of 4 ("safely unguessable"), so "Passw0rd!" and its family are refused.
// The dictionaries are large, so they load on the first check, not at start (the idle RSS budget).
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;
/** zxcvbn score 0..4; 3 means about 10^8 guesses or more. */
export const MIN_ZXCVBN_SCORE = 3;

/** Why a password is refused, in the words the user reads (the widget shows the server's text). */
export const PasswordProblems = {
  shape: `密码需为${PASSWORD_MIN_LENGTH}-${PASSWORD_MAX_LENGTH}位，且至少包含大写字母、小写字母、数字、特殊字符中的三种，不能包含空格`,
  containsUsername: '密码不能包含用户名',
  containsPhone: '密码不能包含手机号',
  common: '密码过于常见或有规律（如常用密码、键盘序列、日期、单词加数字），容易被猜中，请换一个更难猜的密码',
} as const;

export interface PasswordOwner {
  username: string;
  phone?: string | null;
}

let estimator: Promise<ZxcvbnFactory> | null = null;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
  })();
  return estimator;
}

/** The shape rule alone (length, kinds, whitespace): synchronous, no dictionaries. */
export function shapeProblem(plain: string): string | null {
  if (plain.length < PASSWORD_MIN_LENGTH || plain.length > PASSWORD_MAX_LENGTH || /\s/.test(plain)) return PasswordProblems.shape;
  const kinds = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(plain)).length;
  return kinds < 3 ? PasswordProblems.shape : null;
}

/** The reason `plain` may not be this owner's password, or null when it may. */
export async function passwordProblem(plain: string, owner: PasswordOwner): Promise<string | null> {
  const shape = shapeProblem(plain);
  if (shape) return shape;
  const lower = plain.toLowerCase();
  if (owner.username && lower.includes(owner.username.toLowerCase())) return PasswordProblems.containsUsername;
  const phone = owner.phone?.replace(/\D/g, '') ?? '';
  // The whole number, or its last eight digits: what people actually paste into a password.
  if (phone.length >= 8 && (plain.includes(phone) || plain.includes(phone.slice(-8)))) return PasswordProblems.containsPhone;
  const userInputs = [owner.username, ...(phone ? [phone] : [])];
  const { score } = (await loadEstimator()).check(plain, userInputs);
  return score < MIN_ZXCVBN_SCORE ? PasswordProblems.common : null;
}
