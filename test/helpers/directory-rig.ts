// What the two directory rigs (slapd.ts for OpenLDAP, samba-ad.ts for Active Directory) do the same
// way: answer "does this password bind?", wait for a freshly started server to take a bind, and stop
// the server and remove its temp dir.
import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import type { Client } from 'ldapts';

/** LDAP resultCode 49: invalidCredentials, the only bind failure that means "wrong password". */
const INVALID_CREDENTIALS = 49;

/** True when `dn` binds with `password`, false on invalidCredentials; anything else is thrown. */
export async function bindSucceeds(client: Client, dn: string, password: string): Promise<boolean> {
  try {
    await client.bind(dn, password);
    return true;
  } catch (error) {
    if ((error as { code?: number }).code === INVALID_CREDENTIALS) return false;
    throw error;
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/**
 * Retries a bind until the server answers: neither slapd nor samba says when it is ready. `what`
 * names the server in the error after `timeoutMs`.
 */
export async function waitUntilBinds(connect: () => Client, dn: string, password: string, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = connect();
    try {
      await client.bind(dn, password);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`${what} did not answer: ${(error as Error).message}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }
}

/** Ends the server (SIGTERM, waiting for its exit) and removes everything it wrote. */
export async function stopAndRemove(server: ChildProcess, dir: string): Promise<void> {
  if (server.exitCode === null && server.signalCode === null) {
    const gone = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await gone;
  }
  await rm(dir, { recursive: true, force: true });
}
