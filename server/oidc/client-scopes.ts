import { CLIENT_SCOPES } from '../../contract/rules/client-scopes.ts';

// The scopes a client may ask for (review finding 10: each client has its own list). The portal's
// claims come in these four (accounts.ts SCOPE_CLAIMS). A request for one of them that is not on
// the client's list is refused with invalid_scope before any sign-in (oidc-provider checks the
// client's `scope` metadata); a scope the portal does not know (email, address, offline_access) is
// ignored, as OpenID Connect Core 3.1.2.1 asks, and never granted. offline_access is not offered:
// a refresh token already lives 14 days and is revoked with its portal session's sign-out; tokens
// that outlive the portal session on purpose (shown on an account page, revocable there) are not
// built, so it is not advertised either.
export const KNOWN_SCOPES: readonly string[] = CLIENT_SCOPES;

/** What a client registered without a scope list may ask for. */
export const DEFAULT_CLIENT_SCOPES: readonly string[] = KNOWN_SCOPES;
