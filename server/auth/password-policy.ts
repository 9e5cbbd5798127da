// The password policy of registration, password change and the admin CLI: one place, one answer.
//
// 1. and 2. The rule the widget states too (contract/rules/password.ts): shape, not containing the
//    username or the phone number.
// 3. Not guessable: zxcvbn (the estimator Authelia's password policy uses) with the maintained
//    common-password, name and word lists of @zxcvbn-ts/language-common and -en must rate it at
//    least 3 of 4 ("safely unguessable"), so "Passw0rd!" and its family are refused.
// The dictionaries are large, so they load on the first check, not at start (the idle RSS budget).
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { ownerProblem, PasswordProblems } from '../../contract/rules/password.ts';

/** zxcvbn score 0..4; 3 means about 10^8 guesses or more. */
export const MIN_ZXCVBN_SCORE = 3;

export interface PasswordOwner {
  username: string;
  phone?: string | null;
}

let estimator: Promise<ZxcvbnFactory> | null = null;

function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= import('./password-estimator.ts').then(({ createEstimator }) => createEstimator());
  return estimator;
}

/** The reason `plain` may not be this owner's password, or null when it may. */
export async function passwordProblem(plain: string, owner: PasswordOwner): Promise<string | null> {
  const problem = ownerProblem(plain, owner);
  if (problem) return problem;
  const phone = owner.phone?.replace(/\D/g, '') ?? '';
  const userInputs = [owner.username, ...(phone ? [phone] : [])];
  const { score } = (await loadEstimator()).check(plain, userInputs);
  return score < MIN_ZXCVBN_SCORE ? PasswordProblems.common : null;
}
