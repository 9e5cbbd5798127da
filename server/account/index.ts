// The /account page's calls (profile, phone change, sessions and devices, recent sign-ins): what other slices use of it.
export { endOtherSessionsOf } from './other-sessions.ts';
export { requireRecentProof } from './recent-proof.ts';
export { noticeSecurityChange } from './security-notice.ts';
