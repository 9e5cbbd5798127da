// The codes of the business refusals (contract/errors.ts, Refusal) a client matches, without their
// texts: a client shows the text the server sends, so it needs the code alone, and importing the
// catalogue would carry every text into the widget's bundle. Each code is checked against the
// catalogue by its type: `npm run typecheck` fails when one differs from Refusal's. One export per
// code (`import * as RefusalCode`): a bundle keeps only the codes it uses.
import type { ConsoleRefusal, Refusal } from './errors.ts';

type Code<K extends keyof typeof Refusal> = (typeof Refusal)[K][0];
type ConsoleCode<K extends keyof typeof ConsoleRefusal> = (typeof ConsoleRefusal)[K][0];

export const confirmMismatch = 'AU00102' satisfies Code<'confirmMismatch'>;
export const weakPassword = 'AU00103' satisfies Code<'weakPassword'>;
export const samePassword = 'AU00104' satisfies Code<'samePassword'>;
export const badCurrentPassword = 'AU00107' satisfies Code<'badCurrentPassword'>;
export const badSmsCode = 'AU00110' satisfies Code<'badSmsCode'>;
export const smsTooSoon = 'AU00111' satisfies Code<'smsTooSoon'>;
export const smsDailyCap = 'AU00112' satisfies Code<'smsDailyCap'>;
export const smsCodeBurned = 'AU00113' satisfies Code<'smsCodeBurned'>;
export const usernameTaken = 'AU00120' satisfies Code<'usernameTaken'>;
export const phoneTaken = 'AU00121' satisfies Code<'phoneTaken'>;
export const passwordExpired = 'AU00153' satisfies Code<'passwordExpired'>;
export const firstLogin = 'AU00154' satisfies Code<'firstLogin'>;
export const secondFactorRequired = 'AU00170' satisfies Code<'secondFactorRequired'>;
export const secondFactorEnrolRequired = 'AU00175' satisfies Code<'secondFactorEnrolRequired'>;
export const mfaChallengeExpired = 'AU00173' satisfies Code<'mfaChallengeExpired'>;
export const changeTicketExpired = 'AU00183' satisfies Code<'changeTicketExpired'>;
export const recentProofRequired = 'AU00181' satisfies Code<'recentProofRequired'>;
export const notLoggedIn = 'AU00300' satisfies Code<'notLoggedIn'>;
export const notGroupMember = 'AU00301' satisfies Code<'notGroupMember'>;
export const notSetUp = 'AU00500' satisfies Code<'notSetUp'>;
// The operator console's (ConsoleRefusal).
export const consoleNotSignedIn = 'AU00600' satisfies ConsoleCode<'notSignedIn'>;
export const notAdmin = 'AU00601' satisfies ConsoleCode<'notAdmin'>;
export const reauthRequired = 'AU00602' satisfies ConsoleCode<'reauthRequired'>;
export const editConflict = 'AU00603' satisfies ConsoleCode<'conflict'>;
export const identifierTaken = 'AU00607' satisfies ConsoleCode<'exists'>;
