// One client as an administrator describes it (add-client's flags, or an entry of the import
// JSON's clients), checked and turned into what the client store keeps: the secret hashed (or
// generated when a confidential client has none), URIs absolute http(s) without a fragment
// (exact matching, RFC 9700), groups that exist. Both ways in give the same client.
import { generateSecret, hashSecret, MIN_SECRET_LENGTH, secretMatches } from './client-secrets.ts';
import { CLIENT_ID_PATTERN } from './client-registry.ts';
import type { RegisteredClient } from './client-store.ts';
import { DEFAULT_CLIENT_SCOPES, KNOWN_SCOPES } from './client-scopes.ts';
import { isLoopbackHost } from '../config.ts';
import { ClientAdminMessages as M } from '../../contract/errors.ts';

export interface ClientInput {
  clientId: string;
  secret?: string | null;
  public?: boolean;
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  backchannelLogoutUri?: string | null;
  initiateLoginUri?: string | null;
  name?: string | null;
  groups?: string[];
  consent?: boolean;
  /** The scopes it may ask for; not given: the stored client's, or for a new one DEFAULT_CLIENT_SCOPES. */
  scopes?: string[];
}

/** Why a definition was refused: in English for the CLI and the import, in Chinese for the console. */
export class ClientDefinitionError extends Error {
  constructor(message: string, readonly chinese: string) {
    super(message);
  }
}

/** How the caller names each field in its messages ("--redirect-uri", "clients[0].redirectUris"). */
export type FieldLabel = (field: keyof ClientInput) => string;

export interface DefineOptions {
  /** The group codes that exist. */
  knownGroups: ReadonlySet<string>;
  /** The client as stored now, if any. */
  existing: RegisteredClient | null;
  /**
   * Without a secret, keep the stored one of an existing confidential client (an import run again)
   * instead of generating a new one (add-client, which replaces).
   */
  keepStoredSecret: boolean;
  /**
   * NODE_ENV=production (review finding 4): every URI https, except http on a loopback address
   * (http://127.0.0.1, http://[::1], http://localhost) for native apps. Development takes http.
   */
  httpsOnly: boolean;
}

export interface DefinedClient {
  client: RegisteredClient;
  /** A secret made here, to be shown once (it is stored hashed); null otherwise. */
  generatedSecret: string | null;
}

function checkUri(value: string, label: string, httpsOnly: boolean): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ClientDefinitionError(`${label}: not an absolute URL: ${value}`, M.notAUrl(label, value));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ClientDefinitionError(`${label}: http or https only: ${value}`, M.notHttpUrl(label, value));
  }
  if (url.hash || value.includes('#')) throw new ClientDefinitionError(`${label}: no #fragment allowed: ${value}`, M.fragment(label, value));
  if (httpsOnly && url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ClientDefinitionError(`${label}: https only in production (plain http only for 127.0.0.1, [::1] or localhost): ${value}`,
      M.httpsOnly(label, value));
  }
  return value;
}

export function defineClient(input: ClientInput, label: FieldLabel, options: DefineOptions): DefinedClient {
  const { clientId } = input;
  if (!CLIENT_ID_PATTERN.test(clientId)) {
    throw new ClientDefinitionError(`${label('clientId')}: 1-64 letters, digits, . _ -`, M.badClientId(label('clientId')));
  }
  const isPublic = input.public === true;
  const given = input.secret ?? null;
  if (isPublic && given !== null) {
    throw new ClientDefinitionError(`${label('secret')}: public clients have no secret (they use PKCE)`, M.publicHasNoSecret(label('secret')));
  }
  if (given !== null && given.length < MIN_SECRET_LENGTH) {
    throw new ClientDefinitionError(`${label('secret')}: at least ${MIN_SECRET_LENGTH} characters`, M.secretTooShort(label('secret'), MIN_SECRET_LENGTH));
  }
  const stored = options.existing?.secretHash ?? null;
  let secretHash: string | null = null;
  let generatedSecret: string | null = null;
  if (given !== null) secretHash = stored && secretMatches(stored, given) ? stored : hashSecret(given);
  else if (!isPublic && options.keepStoredSecret && stored) secretHash = stored;
  else if (!isPublic) {
    generatedSecret = generateSecret();
    secretHash = hashSecret(generatedSecret);
  }
  if (input.redirectUris.length === 0) throw new ClientDefinitionError(`at least one ${label('redirectUris')}`, M.redirectUriMissing(label('redirectUris')));
  const groups = [...new Set(input.groups ?? [])];
  const unknown = groups.filter((g) => !options.knownGroups.has(g));
  if (unknown.length) throw new ClientDefinitionError(`${label('groups')}: no group ${unknown.join(', ')}`, M.unknownGroups(label('groups'), unknown));
  const scopes = input.scopes === undefined ? [...(options.existing?.scopes ?? DEFAULT_CLIENT_SCOPES)] : [...new Set(input.scopes)];
  const unknownScopes = scopes.filter((scope) => !KNOWN_SCOPES.includes(scope));
  if (unknownScopes.length) {
    throw new ClientDefinitionError(`${label('scopes')}: unknown scope ${unknownScopes.join(', ')} (known: ${KNOWN_SCOPES.join(' ')})`,
      M.unknownScopes(label('scopes'), unknownScopes, KNOWN_SCOPES));
  }
  if (!scopes.includes('openid')) throw new ClientDefinitionError(`${label('scopes')}: must include openid`, M.openidMissing(label('scopes')));
  // The URIs the portal itself calls or builds links from are kept normalised (review finding 6:
  // http://10.0.0.5 and http://10.0.0.5/ are one URI, as fetch sends it). Redirect URIs stay
  // exactly as registered: an app sends its redirect_uri as it has it, matched as a string (RFC 9700).
  const optionalUri = (value: string | null | undefined, field: 'backchannelLogoutUri' | 'initiateLoginUri') =>
    value === null || value === undefined ? null : new URL(checkUri(value, label(field), options.httpsOnly)).href;
  return {
    client: {
      clientId,
      secretHash,
      redirectUris: input.redirectUris.map((u) => checkUri(u, label('redirectUris'), options.httpsOnly)),
      postLogoutRedirectUris: (input.postLogoutRedirectUris ?? []).map((u) => checkUri(u, label('postLogoutRedirectUris'), options.httpsOnly)),
      backchannelLogoutUri: optionalUri(input.backchannelLogoutUri, 'backchannelLogoutUri'),
      initiateLoginUri: optionalUri(input.initiateLoginUri, 'initiateLoginUri'),
      name: input.name ?? null,
      groups,
      consent: input.consent === true,
      scopes: KNOWN_SCOPES.filter((scope) => scopes.includes(scope)),
    },
    generatedSecret,
  };
}

/** True when saving `next` would change nothing (an import run again leaves the client alone). */
export function sameClient(a: RegisteredClient | null, b: RegisteredClient): boolean {
  const fields = (c: RegisteredClient) => JSON.stringify([
    c.clientId, c.secretHash, c.redirectUris, c.postLogoutRedirectUris, c.backchannelLogoutUri, c.initiateLoginUri, c.name, c.groups, c.consent, c.scopes,
  ]);
  return a !== null && fields(a) === fields(b);
}
