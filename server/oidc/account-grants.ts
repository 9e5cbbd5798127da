// What an account holds at the OpenID Connect provider, for the console and the CLI: revoking every
// grant of an account (with its codes, access and refresh tokens), whether or not a portal session
// still links to it, and the apps a portal session signed into. Grants are durable in every
// storage mode (oidc-record-store.split.ts), so a revocation does not depend on Redis.
import type { SubjectStore } from './subject-store.ts';
import type { OidcStorage } from './oidc-record-store.ts';
import { PORTAL_LINK_MODEL } from './portal-session.ts';

export class AccountGrants {
  constructor(private readonly storage: OidcStorage, private readonly subjects: SubjectStore) {}

  /** Revokes every grant of the account; answers how many there were. */
  async revokeAll(userId: number): Promise<number> {
    const subject = await this.subjects.subjectOf(userId);
    // Grants are few per account; an administrator's action may read them all once.
    const grants = (await this.storage.list('Grant')).filter(({ payload }) => payload.accountId === subject);
    for (const { id } of grants) {
      await this.storage.revokeByGrantId(id);
      await this.storage.destroy('Grant', id);
    }
    return grants.length;
  }

  /** The client ids the portal session `idHash` signed into. */
  async appsOfSession(idHash: string): Promise<string[]> {
    const link = await this.storage.find(PORTAL_LINK_MODEL, idHash);
    if (!link?.uid) return [];
    const session = await this.storage.findByUid('Session', String(link.uid));
    return Object.keys((session?.authorizations as Record<string, unknown> | undefined) ?? {}).sort();
  }
}
