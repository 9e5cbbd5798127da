// Where a successful login sends the browser: the one redirect check lives in
// server/http/redirect-target.ts; this module keeps the old import path working.
export { DEFAULT_REDIRECT, safeRedirect } from '../http/redirect-target.ts';
