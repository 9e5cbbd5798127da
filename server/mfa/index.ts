// The second factor (TOTP, recovery codes, the sign-in's second step): what other slices use of it.
export { confirmEnrolmentStep, passVerifyStep, startEnrolmentStep } from './challenge-steps.ts';
export { askChallengeStep, askSecondFactor, oneAtATime, proveSecondFactor, secondFactorNeed } from './second-factor.ts';
export { codeFieldMessages } from './sign-in-routes.ts';
export { ISSUER } from './totp.ts';
export { endOneFactorSessionsOfGroup } from './group-policy-sessions.ts';
export type { SecondFactorNeed } from './second-factor.ts';
