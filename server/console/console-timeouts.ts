// How long an administrator's console session lasts, and how recent the password must be for the
// changes that ask for it again (another administrator, a client secret, a signing key).
export const CONSOLE_SESSION_IDLE_MS = 15 * 60_000;
export const CONSOLE_SESSION_ABSOLUTE_MS = 8 * 3600_000;
export const CONSOLE_REAUTH_MS = 5 * 60_000;
