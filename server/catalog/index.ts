// Client groups, apps, memberships and the app centre's cards: what other rooms use of it.
export { AppLinks } from './app-links.ts';
export { listAllApps, removeAppByAdmin, saveAppByAdmin, saveGroupByAdmin } from './catalog-admin.ts';
export { findGroupByCode, groupSummary } from './client-groups.ts';
export { mayUseApp } from './group-access.ts';
export { groupFor, requestOrigin } from './group-of-request.ts';
export { MembershipAdminError, changeMembership } from './membership-admin.ts';
export { AppRegistry } from './app-registry.ts';
export type { AppEntry, AppSource } from './app-registry.ts';
export { removeGroupByAdmin } from './catalog-admin.ts';
