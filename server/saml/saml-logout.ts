// IdP-initiated single logout: when a portal session ends (退出登录 anywhere, a timeout, an
// administrator's reset, a LogoutRequest from another SP), every SAML SP it signed into that offers
// a SOAP logout service gets a signed LogoutRequest (its NameID and SessionIndex) on that back
// channel, retried after 1, 5 and 30 seconds like the other protocols' single logout. The SP
// answers with a LogoutResponse. SPs that offer only front-channel (HTTP-Redirect / HTTP-POST)
// logout are put on a chain the browser that signed out walks (saml-front-logout.ts); a session
// that ends without a browser (timeout, administrator) leaves them their own session lifetime.
import type { ProtocolClient } from '../cas/index.ts';
import type { Apps } from '../registered-apps.ts';
import { BINDING_POST, BINDING_REDIRECT, BINDING_SOAP, type SamlIdp } from './saml-idp.ts';
import type { LogoutChains } from './saml-front-logout.ts';
import type { SamlRecords, SamlSignIn } from './saml-sign-ins.ts';

export const RETRY_DELAYS_MS = [1000, 5000, 30_000];
const DELIVERY_TIMEOUT_MS = 5000;

type SpEntity = Awaited<ReturnType<SamlIdp['sp']>>;

export interface Endpoint {
  binding: string;
  location: string;
  responseLocation?: string;
  isDefault?: boolean;
}

function endpoints(raw: unknown): Endpoint[] {
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.filter((e): e is Endpoint => typeof e === 'object' && e !== null && typeof (e as Endpoint).location === 'string')
    .map((e) => ({ ...e, isDefault: String(e.isDefault) === 'true' }));
}

/** The SP's assertion consumer services as its metadata lists them. */
export const acsServices = (sp: SpEntity): Endpoint[] => endpoints((sp.entityMeta as unknown as { meta: { assertionConsumerService: unknown } }).meta.assertionConsumerService);
/** The SP's single logout services as its metadata lists them. */
export const sloServices = (sp: SpEntity): Endpoint[] => endpoints((sp.entityMeta as unknown as { meta: { singleLogoutService: unknown } }).meta.singleLogoutService);

export interface SamlLogoutLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export class SamlSingleLogout {
  constructor(
    private readonly records: SamlRecords,
    private readonly registry: Apps,
    private readonly idp: SamlIdp,
    private readonly spOf: (client: ProtocolClient) => Promise<SpEntity>,
    private readonly log: SamlLogoutLog,
    private readonly chains: LogoutChains,
    private readonly retryDelaysMs = RETRY_DELAYS_MS,
  ) {}

  /** SOAP SPs get their LogoutRequest now; front-channel-only SPs wait on a chain for the browser. */
  async endPortalSession(idHash: string): Promise<void> {
    const front: SamlSignIn[] = [];
    for (const signIn of await this.records.takeSignIns(idHash)) {
      if ((await this.channelOf(signIn)) === 'front') front.push(signIn);
      else this.deliver(signIn, 0);
    }
    if (front.length > 0) await this.chains.create(idHash, front);
  }

  /** 'front' for an SP whose metadata offers Redirect or POST logout and no SOAP; else 'back'. */
  private async channelOf(signIn: SamlSignIn): Promise<'front' | 'back'> {
    const client = this.registry.get('saml', signIn.spId);
    if (!client?.saml) return 'back';
    try {
      const services = sloServices(await this.spOf(client));
      if (services.some((s) => s.binding === BINDING_SOAP)) return 'back';
      return services.some((s) => s.binding === BINDING_REDIRECT || s.binding === BINDING_POST) ? 'front' : 'back';
    } catch {
      return 'back';
    }
  }

  deliver(signIn: SamlSignIn, attempt: number): void {
    const failed = (reason: string) => {
      const delay = this.retryDelaysMs[attempt];
      this.log.warn({ samlSp: signIn.spId, attempt: attempt + 1, reason, retryInMs: delay ?? null },
        delay ? 'SAML logout request failed, will retry' : 'SAML logout request failed, giving up');
      if (delay !== undefined) setTimeout(() => this.deliver(signIn, attempt + 1), delay).unref();
    };
    void (async () => {
      const client = this.registry.get('saml', signIn.spId);
      if (!client?.saml) return this.log.info({ samlSp: signIn.spId }, 'SAML logout: the SP is no longer registered');
      const sp = await this.spOf(client);
      const soap = sloServices(sp).find((s) => s.binding === BINDING_SOAP);
      if (!soap) return this.log.info({ samlSp: signIn.spId }, 'SAML logout: the SP has no SOAP logout service (front channel only)');
      const request = await this.idp.logoutRequestXml(sp, soap.location, signIn.nameId, signIn.nameIdFormat, signIn.sessionIndex);
      const envelope = `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body>${request}</SOAP-ENV:Body></SOAP-ENV:Envelope>`;
      const answer = await fetch(soap.location, {
        method: 'POST', body: envelope, redirect: 'manual', signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
        headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: 'http://www.oasis-open.org/committees/security' },
      });
      const text = await answer.text();
      if (answer.status !== 200 || !text.includes('LogoutResponse')) return failed(`HTTP ${answer.status}`);
      this.log.info({ samlSp: signIn.spId, attempt: attempt + 1, success: text.includes('status:Success') }, 'SAML logout request delivered');
    })().catch((error: Error) => failed(error.message));
  }
}
