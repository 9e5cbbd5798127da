// The operator console's API (first start, administrator sessions, the admin-action audit): what other rooms use of it.
export { requireAdmin, requireRecentAuth } from './console-guard.ts';
export { asConsoleAnswer } from './console-refusal.ts';
export { CONSOLE_SESSION_ABSOLUTE_MS, CONSOLE_SESSION_IDLE_MS } from './console-timeouts.ts';
export { ensureDefaultGroup } from './default-group.ts';
export { setupBanner, setupLinkAtStart } from './first-start.ts';
export { recordAdminAction } from './record-admin-action.ts';
export { SetupState } from './setup-state.ts';
