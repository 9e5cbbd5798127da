// oidc-provider's storage adapter over OidcStorage. Consuming a code or a refresh token is atomic:
// when two requests (maybe on two instances) redeem the same one, only the first goes on; the
// second gets invalid_grant, as a replay does.
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { OidcStorage } from './oidc-record-store.ts';

export class OidcAdapter implements Adapter {
  constructor(private readonly model: string, private readonly storage: OidcStorage) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt = expiresIn ? Date.now() + expiresIn * 1000 : null;
    await this.storage.upsert(this.model, id, payload as Record<string, unknown>, expiresAt, {
      // An interaction names the grant its app had; it is no token of that grant, and revoking the
      // grant (another account signing in over the session, portal-session.ts) must not end the
      // sign-in in progress.
      grantId: this.model === 'Interaction' ? undefined : payload.grantId,
      userCode: payload.userCode as string | undefined, uid: payload.uid as string | undefined,
    });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return ((await this.storage.find(this.model, id)) as AdapterPayload | null) ?? undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return ((await this.storage.findByUid(this.model, uid)) as AdapterPayload | null) ?? undefined;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return ((await this.storage.findByUserCode(this.model, userCode)) as AdapterPayload | null) ?? undefined;
  }

  async consume(id: string): Promise<void> {
    if (!(await this.storage.consume(this.model, id, Date.now()))) {
      throw new errors.InvalidGrant('grant request is invalid');
    }
  }

  async destroy(id: string): Promise<void> {
    await this.storage.destroy(this.model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.storage.revokeByGrantId(grantId);
  }
}
