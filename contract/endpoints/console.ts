// The operator console's API (/api/console/...): first-start setup, administrator sessions, and one
// group of calls per console section (apps and OIDC clients, client groups, accounts, audit). The
// console page (portal/admin/) and the server's console slice (server/console/) both read these.
// Every call but the setup and the console sign-in needs an administrator's console session; the
// XSRF double submit applies as everywhere (every POST).
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint.ts';
import { ClientId, LoginName, NoQuery, OtpCode, Phone, RecoveryCode, Sm2Cipher, strict } from './fields.ts';
import { Challenge, type TotpEnrolment } from './mfa.ts';
import { USERNAME_PATTERN_SOURCE } from '../rules/username.ts';
import { APP_ID_PATTERN_SOURCE } from '../rules/app-id.ts';
import { GROUP_CODE_PATTERN_SOURCE } from '../rules/group-code.ts';
import { SIGN_IN_METHODS } from '../rules/sign-in-methods.ts';
import { CLIENT_SCOPES } from '../rules/client-scopes.ts';

const Username = Type.String({ pattern: USERNAME_PATTERN_SOURCE });
const GroupCode = Type.String({ pattern: GROUP_CODE_PATTERN_SOURCE });
const Uri = Type.String({ minLength: 1, maxLength: 2048 });
const ShortText = (maxLength: number) => Type.String({ maxLength });
const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 }));
// Every nullable number or text names Type.Null() first: the API coerces types (coerceTypes
// 'array'), and a union that tried the number or string first would turn null into 0 or "" (the
// other way round, "" becomes null, which is what an emptied optional field means).
/**
 * Epoch ms of the row as the console read it: a save whose row changed meanwhile is refused (409).
 * Never 0 (coercion would read a 0 as null): rows start at 1 at the least.
 */
const ExpectedUpdatedAt = Type.Union([Type.Null(), Type.Integer({ minimum: 1 })]);

// --- first start and sessions ---------------------------------------------------------------

/** Whether a setup link is still good (the page asks before showing its form). */
export const setupState = endpoint<SetupStateAnswer>()({
  method: 'GET', path: '/console/setup/state',
  query: Type.Object({ token: Type.String({ minLength: 1, maxLength: 128 }) }, strict),
});
export interface SetupStateAnswer {
  /** The link is unused, unexpired, and no administrator exists yet. */
  valid: boolean;
}

/**
 * Whether the first administrator is still to be created: the sign-in page at /admin shows its
 * first-setup hint only then. Anyone may ask (whether an administrator exists is no secret); the
 * answer never carries a setup token.
 */
export const setupNeeded = endpoint<SetupNeededAnswer>()({ method: 'GET', path: '/console/setup/needed', query: NoQuery });
export interface SetupNeededAnswer {
  /** No enabled administrator exists yet. */
  needed: boolean;
}

/** Creates the first administrator with a setup link's token, and signs him into the console. */
export const completeSetup = endpoint<ConsoleMe>()({
  method: 'POST', path: '/console/setup',
  body: Type.Object({
    token: Type.String({ minLength: 1, maxLength: 128 }),
    username: Username,
    password: Sm2Cipher,
    confirmPassword: Sm2Cipher,
  }, strict),
});
export type CompleteSetupBody = Static<typeof completeSetup.body>;

/** The signed-in administrator. */
export interface ConsoleMe {
  username: string;
  /** Until when (epoch ms) secrets, keys and other administrators may be changed without the password again. */
  reauthUntil: number;
  /** Until when (epoch ms) the console session lasts without activity. */
  idleUntil: number;
}

export const consoleSignIn = endpoint<ConsoleMe>()({
  method: 'POST', path: '/console/session',
  body: Type.Object({ username: LoginName, password: Sm2Cipher }, strict),
});
export type ConsoleSignInBody = Static<typeof consoleSignIn.body>;

// The console sign-in's second step (issue 31): the same as the portal's (contract/endpoints/mfa.ts).
// After the right password an account with an authenticator app is answered AU00170 (data: MfaStep,
// step verify); one that must have a second factor and has none (its group requires one, or the
// instance requires one of administrators: SSO_CONSOLE_REQUIRE_SECOND_FACTOR) AU00175 (step enrol).
// Only after every factor does the console say whether the account is an administrator.

export const consoleVerifySecondFactor = endpoint<ConsoleMe>()({
  method: 'POST', path: '/console/session/mfa/verify',
  body: Type.Object({ challenge: Challenge, code: Type.Optional(OtpCode), recoveryCode: Type.Optional(RecoveryCode) }, strict),
});
export type ConsoleVerifySecondFactorBody = Static<typeof consoleVerifySecondFactor.body>;

export const consoleStartEnrolment = endpoint<TotpEnrolment>()({
  method: 'POST', path: '/console/session/mfa/enrol/start',
  body: Type.Object({ challenge: Challenge }, strict),
});
export type ConsoleStartEnrolmentBody = Static<typeof consoleStartEnrolment.body>;

/** A console sign-in that also enrolled an authenticator app: the recovery codes are shown once. */
export interface ConsoleEnrolledMe extends ConsoleMe {
  recoveryCodes: string[];
}

export const consoleConfirmEnrolment = endpoint<ConsoleEnrolledMe>()({
  method: 'POST', path: '/console/session/mfa/enrol/confirm',
  body: Type.Object({ challenge: Challenge, code: OtpCode }, strict),
});
export type ConsoleConfirmEnrolmentBody = Static<typeof consoleConfirmEnrolment.body>;

/** The password again, for the changes that ask for it (a fresh console session). */
export const consoleReauth = endpoint<ConsoleMe>()({
  method: 'POST', path: '/console/session/reauth',
  body: Type.Object({ password: Sm2Cipher }, strict),
});
export type ConsoleReauthBody = Static<typeof consoleReauth.body>;

export const consoleSignOut = endpoint<null>()({ method: 'POST', path: '/console/session/end', body: Type.Object({}, strict) });

/**
 * The page's probe: the signed-in administrator, or null without a console session (HTTP 200, so a
 * signed-out visit to /admin logs no error); 403 AU00601 for a session of an account that is no
 * longer an administrator. Every other console call answers 401 AU00600 without a session.
 */
export const consoleMe = endpoint<ConsoleMe | null>()({ method: 'GET', path: '/console/me', query: NoQuery });

// --- 应用: OIDC clients and app cards ----------------------------------------------------------

export interface ConsoleClient {
  clientId: string;
  name: string | null;
  /** A public client (PKCE, no secret); otherwise confidential. */
  public: boolean;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  backchannelLogoutUri: string | null;
  initiateLoginUri: string | null;
  /** Only members of these groups may use the client; empty: every signed-in account. */
  groups: string[];
  consent: boolean;
  /** The scopes it may ask for (always openid); a request for another is refused with invalid_scope. */
  scopes: string[];
  /** A disabled client signs nobody in and its tokens are refused. */
  disabled: boolean;
  /** Until when (epoch ms) the secret before the last rotation still works; null: none does. */
  previousSecretUntil: number | null;
  updatedAt: number;
}

export const listClients = endpoint<ConsoleClient[]>()({ method: 'GET', path: '/console/clients', query: NoQuery });

export const saveClient = endpoint<SavedClient>()({
  method: 'POST', path: '/console/clients/save',
  body: Type.Object({
    clientId: ClientId,
    name: Type.Union([Type.Null(), ShortText(64)]),
    public: Type.Boolean(),
    redirectUris: Type.Array(Uri, { minItems: 1, maxItems: 20 }),
    postLogoutRedirectUris: Type.Array(Uri, { maxItems: 20 }),
    backchannelLogoutUri: Type.Union([Type.Null(), Uri]),
    initiateLoginUri: Type.Union([Type.Null(), Uri]),
    groups: Type.Array(GroupCode, { maxItems: 50 }),
    consent: Type.Boolean(),
    /** Absent: the stored client's list, or every scope for a new one. */
    scopes: Type.Optional(Type.Array(Type.Union(CLIENT_SCOPES.map((scope) => Type.Literal(scope))), { minItems: 1, maxItems: CLIENT_SCOPES.length })),
    /** null: a new client (refused when the id exists). */
    expectedUpdatedAt: ExpectedUpdatedAt,
  }, strict),
});
export type SaveClientBody = Static<typeof saveClient.body>;
export interface SavedClient {
  client: ConsoleClient;
  /** A new confidential client's secret, shown once (stored hashed); null otherwise. */
  secret: string | null;
}

export const setClientDisabled = endpoint<ConsoleClient>()({
  method: 'POST', path: '/console/clients/disabled',
  body: Type.Object({ clientId: ClientId, disabled: Type.Boolean() }, strict),
});

export const removeClient = endpoint<null>()({
  method: 'POST', path: '/console/clients/remove',
  body: Type.Object({ clientId: ClientId }, strict),
});

/** A new secret (shown once); the old one keeps working for graceMinutes (0: ends at once). Asks for re-authentication. */
export const rotateClientSecret = endpoint<SavedClient>()({
  method: 'POST', path: '/console/clients/rotate-secret',
  body: Type.Object({ clientId: ClientId, graceMinutes: Type.Integer({ minimum: 0, maximum: 10_080 }) }, strict),
});

/** New OpenID Connect signing key; older keys stay published until their tokens expired. Asks for re-authentication. */
export const rotateSigningKey = endpoint<{ kid: string }>()({ method: 'POST', path: '/console/keys/rotate', body: Type.Object({}, strict) });

// --- 应用: CAS services and SAML service providers ---------------------------------------------

/** A CAS service or SAML 2.0 service provider, as the console lists it. */
export interface ConsoleProtocolApp {
  id: string;
  protocol: 'cas' | 'saml';
  name: string | null;
  /** Only members of these groups may use the app; empty: every signed-in account. */
  groups: string[];
  /** CAS: the service URL patterns (exact, or a prefix ending in "*"); empty for SAML. */
  services: string[];
  /** SAML: the SP as its metadata describes it, and how it is answered; null for CAS. */
  saml: {
    entityId: string;
    acsUrls: string[];
    nameIdFormat: 'persistent' | 'unspecified';
    signResponse: boolean;
    /** The metadata XML as registered (public, never a secret): the edit form starts from it. */
    metadata: string;
  } | null;
  updatedAt: number;
}

/** The SP metadata a console save takes (the CLI's limit). */
export const MAX_SP_METADATA_CHARS = 256 * 1024;

export const listProtocolApps = endpoint<ConsoleProtocolApp[]>()({ method: 'GET', path: '/console/protocol-apps', query: NoQuery });

const ProtocolAppFields = {
  id: ClientId,
  name: Type.Union([Type.Null(), ShortText(64)]),
  groups: Type.Array(GroupCode, { maxItems: 50 }),
  /** null: a new app (refused when the id exists). */
  expectedUpdatedAt: ExpectedUpdatedAt,
};

export const saveCasService = endpoint<ConsoleProtocolApp>()({
  method: 'POST', path: '/console/protocol-apps/cas/save',
  body: Type.Object({ ...ProtocolAppFields, services: Type.Array(Uri, { minItems: 1, maxItems: 20 }) }, strict),
});
export type SaveCasServiceBody = Static<typeof saveCasService.body>;

export const saveSamlSp = endpoint<ConsoleProtocolApp>()({
  method: 'POST', path: '/console/protocol-apps/saml/save',
  body: Type.Object({
    ...ProtocolAppFields,
    metadata: Type.String({ minLength: 1, maxLength: MAX_SP_METADATA_CHARS }),
    nameIdFormat: Type.Union([Type.Literal('persistent'), Type.Literal('unspecified')]),
    signResponse: Type.Boolean(),
  }, strict),
});
export type SaveSamlSpBody = Static<typeof saveSamlSp.body>;

/** Fetches an SP's metadata from its URL for the SAML form (server/saml/sp-metadata-fetch.ts: https, no internal addresses, 10 s, 256 KB). */
export const fetchSamlMetadata = endpoint<{ metadata: string; entityId: string }>()({
  method: 'POST', path: '/console/protocol-apps/saml/fetch-metadata',
  body: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2048 }) }, strict),
});

export const removeProtocolApp = endpoint<null>()({
  method: 'POST', path: '/console/protocol-apps/remove',
  body: Type.Object({ id: ClientId }, strict),
});

export interface ConsoleApp {
  id: string;
  groupCode: string;
  name: string;
  logo: string;
  intro: string;
  autoLoginUrl: string;
  oidcClientId: string | null;
  sortOrder: number;
  visible: boolean;
}

export const listApps = endpoint<ConsoleApp[]>()({ method: 'GET', path: '/console/apps', query: NoQuery });

const AppFields = {
  id: Type.String({ pattern: APP_ID_PATTERN_SOURCE }),
  groupCode: GroupCode,
  name: Type.String({ minLength: 1, maxLength: 64 }),
  logo: Type.String({ maxLength: 2048 }),
  intro: Type.String({ maxLength: 200 }),
  autoLoginUrl: Type.String({ minLength: 1, maxLength: 2048 }),
  oidcClientId: Type.Union([Type.Null(), ClientId]),
  sortOrder: Type.Integer({ minimum: 0, maximum: 100_000 }),
  visible: Type.Boolean(),
};
/** `isNew`: a new card (refused when the id is taken) or a change of an existing one (refused when it is gone). */
export const saveApp = endpoint<ConsoleApp>()({
  method: 'POST', path: '/console/apps/save', body: Type.Object({ ...AppFields, isNew: Type.Boolean() }, strict),
});
export type SaveAppBody = Static<typeof saveApp.body>;

export const removeApp = endpoint<null>()({
  method: 'POST', path: '/console/apps/remove',
  body: Type.Object({ id: AppFields.id }, strict),
});

// --- 客户群: client groups and brands ----------------------------------------------------------

export interface ConsoleGroup {
  code: string;
  name: string;
  /** Host names that show this group (the SSO domain first). */
  domains: string[];
  domainUrl: string | null;
  staffOnly: boolean;
  /** Members sign in only with a second factor (issue 21). */
  requireMfa: boolean;
  isDefault: boolean;
  /** Brand sites that may embed <sso-login> and receive callBacks (allow-origin). */
  callbackOrigins: string[];
  theme: {
    primaryColor: string;
    primaryHoverColor: string;
    backgroundFrom: string;
    backgroundTo: string;
    logoUrl: string | null;
  } | null;
  sortOrder: number;
  updatedAt: number;
}

export const listGroups = endpoint<ConsoleGroup[]>()({ method: 'GET', path: '/console/groups', query: NoQuery });

const Color = Type.String({ pattern: '^#[0-9a-fA-F]{6}$' });
export const saveGroup = endpoint<ConsoleGroup>()({
  method: 'POST', path: '/console/groups/save',
  body: Type.Object({
    code: GroupCode,
    name: Type.String({ minLength: 1, maxLength: 64 }),
    domains: Type.Array(Type.String({ minLength: 1, maxLength: 253 }), { maxItems: 20 }),
    domainUrl: Type.Union([Type.Null(), Uri]),
    staffOnly: Type.Boolean(),
    /** Absent: unchanged (false for a new group). */
    requireMfa: Type.Optional(Type.Boolean()),
    isDefault: Type.Boolean(),
    callbackOrigins: Type.Array(Uri, { maxItems: 50 }),
    // An object first: null is never coerced into one, and a bad colour is then named by its field.
    theme: Type.Union([Type.Object({
      primaryColor: Color, primaryHoverColor: Color, backgroundFrom: Color, backgroundTo: Color,
      logoUrl: Type.Union([Type.Null(), Type.String({ maxLength: 2048 })]),
    }, strict), Type.Null()]),
    sortOrder: Type.Integer({ minimum: 0, maximum: 100_000 }),
    expectedUpdatedAt: ExpectedUpdatedAt,
  }, strict),
});
export type SaveGroupBody = Static<typeof saveGroup.body>;

/**
 * Deletes a group with its app cards and memberships; refused while an app's access rule or a
 * directory's group mapping still names it, and for the default group (server/catalog/catalog-admin.ts).
 */
export const removeGroup = endpoint<null>()({
  method: 'POST', path: '/console/groups/remove',
  body: Type.Object({ code: GroupCode }, strict),
});

// --- 账号: accounts ------------------------------------------------------------------------------

export interface ConsoleAccount {
  username: string;
  phone: string | null;
  kind: 'staff' | 'dealer';
  isAdmin: boolean;
  disabled: boolean;
  mustChangePassword: boolean;
  /** Locked by wrong passwords until this time (epoch ms); null: not locked. */
  lockedUntil: number | null;
  /** Every membership: the union of grantedGroups and directoryGroups. */
  groups: string[];
  /** Memberships an administrator granted (they stay when a directory drops the same group). */
  grantedGroups: string[];
  /** Memberships a directory's group mapping gave (a sync adds and removes them). */
  directoryGroups: string[];
  /** The company directory the account came from (it signs in there; no password here), or null. */
  directoryId: string | null;
  createdAt: number;
  passwordChangedAt: number;
}

export const searchAccounts = endpoint<AccountPage>()({
  method: 'GET', path: '/console/accounts',
  query: Type.Object({
    /** Part of a username or phone number. */
    q: Type.Optional(Type.String({ maxLength: 64 })),
    group: Type.Optional(GroupCode),
    page: Page,
  }, strict),
});
export type SearchAccountsQuery = Static<typeof searchAccounts.query>;
export interface AccountPage {
  items: ConsoleAccount[];
  total: number;
  page: number;
  pageSize: number;
}

export const createAccount = endpoint<ConsoleAccount>()({
  method: 'POST', path: '/console/accounts/create',
  body: Type.Object({
    username: Username,
    phone: Type.Union([Type.Null(), Phone]),
    kind: Type.Union([Type.Literal('staff'), Type.Literal('dealer')]),
    /** The first password; the account must change it at its first sign-in. */
    password: Sm2Cipher,
    groups: Type.Array(GroupCode, { maxItems: 50 }),
  }, strict),
});
export type CreateAccountBody = Static<typeof createAccount.body>;

const AccountRef = Type.Object({ username: LoginName }, strict);

/** A new password the account must change at its next sign-in; its sessions and app sign-ins end. */
export const resetAccountPassword = endpoint<ConsoleAccount>()({
  method: 'POST', path: '/console/accounts/reset-password',
  body: Type.Object({ username: LoginName, password: Sm2Cipher }, strict),
});
export type ResetAccountPasswordBody = Static<typeof resetAccountPassword.body>;

export const unlockAccount = endpoint<ConsoleAccount>()({ method: 'POST', path: '/console/accounts/unlock', body: AccountRef });

/** Disabled: no sign-in by any method; at once its sessions end, its grants are revoked, its apps get single logout. */
export const setAccountDisabled = endpoint<ConsoleAccount>()({
  method: 'POST', path: '/console/accounts/disabled',
  body: Type.Object({ username: LoginName, disabled: Type.Boolean() }, strict),
});

export const setAccountGroups = endpoint<ConsoleAccount>()({
  method: 'POST', path: '/console/accounts/groups',
  body: Type.Object({ username: LoginName, groups: Type.Array(GroupCode, { maxItems: 50 }) }, strict),
});

/** Grants or revokes the administrator role; asks for re-authentication; the last administrator stays. */
export const setAccountAdmin = endpoint<ConsoleAccount>()({
  method: 'POST', path: '/console/accounts/admin',
  body: Type.Object({ username: LoginName, admin: Type.Boolean() }, strict),
});

export interface ConsoleSession {
  /** An opaque handle of the session (never its cookie). */
  id: string;
  createdAt: number;
  lastSeenAt: number;
  /** The OIDC clients this session signed into. */
  apps: string[];
}

export const accountSessions = endpoint<ConsoleSession[]>()({
  method: 'GET', path: '/console/accounts/sessions',
  query: Type.Object({ username: LoginName }, strict),
});

/** Ends one session (id) or all of them (id absent), with single logout to their apps. */
export const endAccountSessions = endpoint<{ ended: number }>()({
  method: 'POST', path: '/console/accounts/sessions/end',
  body: Type.Object({ username: LoginName, id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })) }, strict),
});

// --- 审计: audit ---------------------------------------------------------------------------------


const signInFilters = {
  username: Type.Optional(Type.String({ maxLength: 64 })),
  /** Epoch ms, inclusive. */
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Epoch ms, exclusive. */
  to: Type.Optional(Type.Integer({ minimum: 0 })),
  method: Type.Optional(Type.Union(SIGN_IN_METHODS.map((m) => Type.Literal(m)))),
  result: Type.Optional(Type.String({ maxLength: 32 })),
  clientId: Type.Optional(ClientId),
  ip: Type.Optional(Type.String({ maxLength: 64 })),
};

export interface SignInRow {
  at: number;
  username: string;
  ip: string;
  method: string;
  result: string;
  clientId: string | null;
}

export const signInAudit = endpoint<AuditPage<SignInRow>>()({
  method: 'GET', path: '/console/audit/sign-ins',
  query: Type.Object({ ...signInFilters, page: Page }, strict),
});
export type SignInAuditQuery = Static<typeof signInAudit.query>;

/** The same rows as CSV (UTF-8 with BOM, for spreadsheet programs), at most 50 000. Not an envelope. */
export const signInAuditCsv = {
  method: 'GET', path: '/console/audit/sign-ins.csv',
  query: Type.Object(signInFilters, strict),
} as const;

export interface AdminActionRow {
  at: number;
  actor: string;
  ip: string;
  action: string;
  target: string;
  /** JSON of what the target was before and after (secrets and passwords never). */
  before: string | null;
  after: string | null;
}

export const adminActionAudit = endpoint<AuditPage<AdminActionRow>>()({
  method: 'GET', path: '/console/audit/admin-actions',
  query: Type.Object({ actor: Type.Optional(Type.String({ maxLength: 64 })), page: Page }, strict),
});

export interface AuditPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
