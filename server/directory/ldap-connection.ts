// Connections to a company directory, on ldapts (no hand-written BER beyond what ldapts's own
// writer frames). Each URL is tried in order with its connect timeout (at most 3 s): a server that
// is down or whose certificate we refuse is skipped and the next one answers. TLS (ldaps:// or
// StartTLS) is always verified, against the directory's caFile or the system's roots. What went
// wrong is said in the Chinese reasons of contract/errors.ts DirectoryMessages, never with a
// password in it.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { BerWriter, Client, InvalidCredentialsError, NoSuchObjectError } from 'ldapts';
import { DirectoryMessages } from '../../contract/errors.ts';
import type { DirectoryConfig } from './directory-config.ts';

/** passwordPolicy: the directory refused a new password (its length, complexity, history or minimum age). */
export type DirectoryProblem = 'unreachable' | 'tlsUntrusted' | 'bindRefused' | 'baseDnMissing' | 'passwordPolicy' | 'failed';

export class DirectoryError extends Error {
  constructor(readonly problem: DirectoryProblem, message: string) {
    super(message);
    this.name = 'DirectoryError';
  }

  /** No server of the directory answered (down, or its certificate refused): sign-in says 目录服务暂时不可用. */
  get unavailable(): boolean {
    return this.problem === 'unreachable' || this.problem === 'tlsUntrusted';
  }
}

/** The longest one LDAP operation may take once connected (a paged search asks page by page). */
const OPERATION_TIMEOUT_MS = 30_000;

type ConnectionConfig = Pick<DirectoryConfig, 'urls' | 'startTls' | 'caFile' | 'connectTimeoutMs'>;

function tlsOptionsFor(config: ConnectionConfig, host: string): ConnectionOptions {
  return {
    rejectUnauthorized: true,
    host,
    // SNI carries names only; an IP address is still checked against the certificate's IP SANs.
    ...(net.isIP(host) ? {} : { servername: host }),
    ...(config.caFile ? { ca: readFileSync(config.caFile) } : {}),
  };
}

function isTlsRefusal(error: unknown): boolean {
  const code = String((error as { code?: unknown }).code ?? '');
  return /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ERR_TLS/.test(code);
}

/** Translates what ldapts or the socket threw into one of our reasons. */
export function directoryError(error: unknown): DirectoryError {
  if (error instanceof DirectoryError) return error;
  if (isTlsRefusal(error)) return new DirectoryError('tlsUntrusted', DirectoryMessages.tlsUntrusted);
  if (error instanceof InvalidCredentialsError) return new DirectoryError('bindRefused', DirectoryMessages.bindRefused);
  if (error instanceof NoSuchObjectError) return new DirectoryError('baseDnMissing', DirectoryMessages.baseDnMissing);
  if (!(error as { code?: unknown }).code || typeof (error as { code?: unknown }).code === 'string') {
    // Socket errors (ECONNREFUSED, ETIMEDOUT, EHOSTUNREACH, ECONNRESET...) and ldapts's connect timeout.
    return new DirectoryError('unreachable', DirectoryMessages.unreachable);
  }
  return new DirectoryError('failed', DirectoryMessages.failed((error as Error).message.trim() || String((error as { code?: unknown }).code)));
}

export interface OpenConnection {
  client: Client;
  url: string;
}

/**
 * The first URL that connects (StartTLS done when configured) and accepts `bind` on it. A URL that
 * is unreachable or whose certificate is refused is skipped; a refused bind is not (every server of
 * one directory holds the same accounts). Throws a DirectoryError.
 */
export async function openBound(config: ConnectionConfig, bind: (client: Client) => Promise<void>): Promise<OpenConnection> {
  let last: DirectoryError = new DirectoryError('unreachable', DirectoryMessages.unreachable);
  let sawTls = false;
  for (const url of config.urls) {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    // ldapts speaks TLS from the first byte whenever tlsOptions are given: only for ldaps://.
    const client = new Client({
      url, connectTimeout: config.connectTimeoutMs, timeout: OPERATION_TIMEOUT_MS,
      ...(url.startsWith('ldaps:') ? { tlsOptions: tlsOptionsFor(config, host) } : {}),
    });
    try {
      if (config.startTls && url.startsWith('ldap:')) await client.startTLS(tlsOptionsFor(config, host));
      await bind(client);
      return { client, url };
    } catch (error) {
      await client.unbind().catch(() => undefined);
      last = directoryError(error);
      if (!last.unavailable) throw last;
      if (last.problem === 'tlsUntrusted') sawTls = true;
    }
  }
  throw sawTls ? new DirectoryError('tlsUntrusted', DirectoryMessages.tlsUntrusted) : last;
}

/** Runs `work` on a connection bound as the directory's service account, and closes it. */
export async function withServiceAccount<T>(
  config: ConnectionConfig & Pick<DirectoryConfig, 'bindDn'>, bindPassword: string, work: (client: Client, url: string) => Promise<T>,
): Promise<T> {
  const { client, url } = await openBound(config, (c) => c.bind(config.bindDn, bindPassword));
  try {
    return await work(client, url);
  } catch (error) {
    throw directoryError(error);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * Checks `password` by binding as `dn`: true when the directory accepts it, false when it refuses
 * it. An empty password is refused here, before any bind: LDAP treats a simple bind with a DN and
 * no password as an unauthenticated bind that "succeeds" (RFC 4513 5.1.2).
 */
export async function passwordBinds(config: ConnectionConfig, dn: string, password: string): Promise<boolean> {
  if (password.length === 0) return false;
  try {
    const { client } = await openBound(config, (c) => c.bind(dn, password));
    await client.unbind().catch(() => undefined);
    return true;
  } catch (error) {
    if (error instanceof DirectoryError && error.problem === 'bindRefused') return false;
    throw error;
  }
}

const PASSWORD_MODIFY_OID = '1.3.6.1.4.1.4203.1.11.1';

/**
 * A connection bound as the person with `password` (a password change binds so, and the directory
 * then applies its own policy), or null when the directory refuses that password (an empty one
 * never reaches the bind: LDAP takes it as an unauthenticated bind that "succeeds").
 */
export async function bindAsPerson(config: ConnectionConfig, dn: string, password: string): Promise<OpenConnection | null> {
  if (password.length === 0) return null;
  try {
    return await openBound(config, (c) => c.bind(dn, password));
  } catch (error) {
    if (error instanceof DirectoryError && error.problem === 'bindRefused') return null;
    throw error;
  }
}

/**
 * Changes the person's password in the directory with the Password Modify extended operation
 * (RFC 3062), bound as the person with the current password: the directory applies its own
 * policy. Answers false when the current password is wrong.
 */
export async function modifyPassword(config: ConnectionConfig, dn: string, oldPassword: string, newPassword: string): Promise<boolean> {
  const connection = await bindAsPerson(config, dn, oldPassword);
  if (!connection) return false;
  try {
    // PasswdModifyRequestValue ::= SEQUENCE { userIdentity [0], oldPasswd [1], newPasswd [2] } (all optional).
    const value = new BerWriter();
    value.startSequence();
    value.writeString(dn, 0x80);
    value.writeString(oldPassword, 0x81);
    value.writeString(newPassword, 0x82);
    value.endSequence();
    await connection.client.exop(PASSWORD_MODIFY_OID, value.buffer);
    return true;
  } catch (error) {
    throw directoryError(error);
  } finally {
    await connection.client.unbind().catch(() => undefined);
  }
}
