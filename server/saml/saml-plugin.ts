// The SAML 2.0 identity provider (samlify, issue 23) on the portal session:
//   GET  /saml/metadata                 the IdP's metadata (entityID = this URL)
//   GET|POST /saml/sso                  SP-initiated SSO, HTTP-Redirect and HTTP-POST bindings
//   GET  /saml/sso/resume?id=…          back from the portal's login page
//   GET  /saml/sso/initiate?sp=<id>     IdP-initiated SSO (the app card)
//   GET|POST /saml/slo                  SP-initiated single logout (Redirect and POST), answered in the same binding;
//                                       and the SPs' LogoutResponses to our front-channel LogoutRequests
//   GET  /saml/slo/front                the browser's front-channel logout chain (saml-front-logout.ts)
// IdP-initiated single logout: when a portal session ends, each SP it signed into gets a signed
// LogoutRequest on its SOAP back channel (saml-logout.ts), or, for an SP with only Redirect / POST
// logout, through the browser that signed out (saml-front-logout.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Apps } from '../registered-apps.ts';
import { secureCookie, sessionIdOf } from '../http/cookie-names.ts';
import { providerPagePolicy } from '../http/security-headers.ts';
import type { Session } from '../records/session.ts';
import { casPage } from '../cas/index.ts';
import { SamlPageTexts } from '../../contract/pages.ts';
import type { ProtocolClient } from '../cas/index.ts';
import { portalLoginPage } from '../cas/index.ts';
import type { CasParts } from '../cas/index.ts';
import { makeSamlKey, SAML_KEY_SETTING, type SamlKey } from './saml-keys.ts';
import { BINDING_POST, BINDING_REDIRECT, NAMEID_PERSISTENT, NAMEID_UNSPECIFIED, newId, SamlIdp, STATUS, type SamlUrls } from './saml-idp.ts';
import { decodeMessage, messageHead, SamlInputError, signedOctets, type Binding, type MessageHead } from './saml-messages.ts';
import { AUTOPOST_SCRIPT, autopostPage, LOGGING_OUT, SAML_REFUSALS, signedOutPage } from './saml-pages.ts';
import { CHAIN_COOKIE, CHAIN_TTL_MS, LogoutChains, type ChainRequester, type LogoutChain } from './saml-front-logout.ts';
import { SamlRecords, type PendingLogin, type SamlSignIn } from './saml-sign-ins.ts';
import { SamlSingleLogout, sloServices, acsServices } from './saml-logout.ts';
import { amrOf } from '../oidc/index.ts';
import { authnContextOf } from './authn-context.ts';
import { displayNameOf } from '../records/user.ts';

/** How far an IssueInstant may lie from our clock (either way) before the request counts as stale. */
export const CLOCK_SKEW_MS = 3 * 60_000;
const MAX_RELAY_STATE = 1024;

type Params = Record<string, unknown>;
const single = (params: Params, name: string): string | undefined | null => {
  const value = params[name];
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : null;
};

export interface SamlParts {
  idp: SamlIdp;
  records: SamlRecords;
  logout: SamlSingleLogout;
  chains: LogoutChains;
}

export async function registerSaml(
  app: FastifyInstance, ctx: AppContext, registry: Apps, baseUrl: () => string, reauthenticate: CasParts['reauthenticate'],
): Promise<SamlParts> {
  const { config } = ctx;
  const urls = (): SamlUrls => ({ entityId: `${baseUrl()}/saml/metadata`, sso: `${baseUrl()}/saml/sso`, slo: `${baseUrl()}/saml/slo` });
  let key: Promise<SamlKey> | null = null;
  const loadKey = (): Promise<SamlKey> => {
    key ??= ctx.stores.protocolClients.settingOrInsert(SAML_KEY_SETTING, () => JSON.stringify(makeSamlKey(new URL(baseUrl()).hostname)))
      .then((stored) => JSON.parse(stored) as SamlKey);
    key.catch(() => { key = null; });
    return key;
  };
  const idp = new SamlIdp(urls, loadKey);
  const records = new SamlRecords(ctx.storage.oidcRecords, config.sessionAbsoluteMs + 24 * 3600_000);
  const spOf = (client: ProtocolClient) => idp.sp(client.id, client.saml!.metadata);
  const chains = new LogoutChains(ctx.storage.oidcRecords);
  const logout = new SamlSingleLogout(records, registry, idp, spOf, app.log, chains);
  // The browser's own sign-out call learns where to go on when front-channel SPs are owed a logout.
  ctx.sessions.onBrowserEnd(async (idHash, returnTo) => {
    const chainId = await chains.takeForSession(idHash, returnTo);
    return chainId ? `${baseUrl()}/saml/slo/front?start=${chainId}` : null;
  });

  ctx.sessions.onEnd((idHash) => logout.endPortalSession(idHash).catch((error: unknown) => app.log.warn({ err: error }, 'SAML single logout failed')));
  const sweep = setInterval(() => {
    void (async () => {
      for (const idHash of await records.sessionsWithSignIns()) {
        const session = await ctx.stores.sessions.findSession(idHash);
        const now = ctx.now();
        if (!session || now - session.lastSeenAt > config.sessionIdleMs || now - session.createdAt > config.sessionAbsoluteMs) await logout.endPortalSession(idHash);
      }
    })().catch((error: unknown) => app.log.warn({ err: error }, 'SAML single logout sweep failed'));
  }, config.oidcLogoutSweepMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  const page = (reply: FastifyReply, status: number, text: string, detail?: string) => reply.status(status).type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(casPage(SamlPageTexts.refusalTitle, text, detail ? `<p><small>${detail.replace(/[&<>"']/g, '')}</small></p>` : ''));
  const autopost = (reply: FastifyReply, action: string, fields: Record<string, string | undefined>, heading?: typeof LOGGING_OUT) => {
    const origin = new URL(action).origin;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store')
      .header('content-security-policy', providerPagePolicy([origin])).send(autopostPage(action, fields, heading));
  };
  /** The SP by the entity ID its metadata names (a request's Issuer), looking again before none. */
  const findSp = (entityId: string): Promise<ProtocolClient | undefined> => registry.findBy('saml', async (sps) => {
    for (const client of sps) if ((await spOf(client)).entityMeta.getEntityID() === entityId) return client;
    return undefined;
  });

  const route = { config: { xsrf: false } };
  app.get('/saml/metadata', route, async (_request, reply) => reply.type('application/samlmetadata+xml; charset=utf-8').send(await idp.metadata()));
  app.get('/saml/autopost.js', route, async (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(AUTOPOST_SCRIPT));

  /** Sends a signed Response with an error status to the SP's registered ACS (never to a URL from the request). */
  async function refuseToSp(reply: FastifyReply, client: ProtocolClient, inResponseTo: string | null, relayState: string | null, second: string | null, top: string = STATUS.requester) {
    const sp = await spOf(client);
    const acs = acsServices(sp).find((s) => s.binding === BINDING_POST);
    if (!acs) return page(reply, 400, SAML_REFUSALS.badRequest, top);
    const response = await idp.errorResponse(sp, acs.location, inResponseTo, top, second);
    return autopost(reply, acs.location, { SAMLResponse: response, RelayState: relayState ?? undefined });
  }

  async function signInResponse(reply: FastifyReply, session: Session, client: ProtocolClient, pending: Omit<PendingLogin, 'since' | 'force'>) {
    if (!(await registry.mayUse(client, session.userId))) return page(reply, 403, SAML_REFUSALS.noAccess);
    const user = await ctx.stores.users.findUserById(session.userId);
    if (!user || user.disabled) return page(reply, 403, SAML_REFUSALS.noAccess);
    const sp = await spOf(client);
    // A request for persistent gets it; unspecified (the IdP chooses), transient or none get the registered format.
    const format = pending.nameIdFormat === NAMEID_PERSISTENT ? NAMEID_PERSISTENT
      : client.saml!.nameIdFormat === 'unspecified' ? NAMEID_UNSPECIFIED : NAMEID_PERSISTENT;
    const nameId = format === NAMEID_PERSISTENT ? await ctx.stores.oidcSubjects.subjectOf(user.id) : user.username;
    const sessionIndex = newId();
    const groups = await ctx.stores.memberships.groupsOf(user.id);
    const response = await idp.loginResponse(sp, {
      nameId, nameIdFormat: format, sessionIndex, authnInstant: new Date(session.createdAt).toISOString(),
      authnContext: authnContextOf(await amrOf(ctx.storage.oidcRecords, session.idHash)),
      attributes: { username: [user.username], name: [displayNameOf(user)], phone: user.phone ? [user.phone] : [], groups },
    }, pending.acsUrl, pending.requestId, client.saml!.signResponse === true);
    await records.addSignIn(session.idHash, { spId: client.id, nameId, nameIdFormat: format, sessionIndex });
    return autopost(reply, pending.acsUrl, { SAMLResponse: response, RelayState: pending.relayState ?? undefined });
  }

  async function continueLogin(request: FastifyRequest, reply: FastifyReply, client: ProtocolClient, pending: PendingLogin, pendingId: string | null) {
    const sid = sessionIdOf(request);
    const state = await ctx.sessions.resolve(sid);
    const session = state.kind === 'active' ? state.session : null;
    const fresh = session !== null && (!pending.force || (pendingId !== null && session.createdAt >= pending.since));
    if (session && fresh) {
      if (pendingId) await records.finishLogin(pendingId);
      return signInResponse(reply, session, client, pending);
    }
    const id = pendingId ?? await records.startLogin(pending);
    // ForceAuthn over a running session: the person agrees first (a GET must not sign out).
    if (session) return reauthenticate(reply, session.idHash, `/saml/sso/resume?id=${id}`, client);
    return reply.redirect(await portalLoginPage(ctx.stores.catalog, `/saml/sso/resume?id=${id}`, client), 303);
  }

  const sso = async (request: FastifyRequest, reply: FastifyReply, binding: Binding) => {
    const params = (binding === 'redirect' ? request.query : request.body ?? {}) as Params;
    const encoded = single(params, 'SAMLRequest');
    const relayState = single(params, 'RelayState');
    if (!encoded || relayState === null || (relayState?.length ?? 0) > MAX_RELAY_STATE) return page(reply, 400, SAML_REFUSALS.badRequest, STATUS.requester);
    let head: MessageHead;
    let xml: string;
    try {
      xml = decodeMessage(encoded, binding);
      head = messageHead(xml);
    } catch (error) {
      if (error instanceof SamlInputError) return page(reply, 400, SAML_REFUSALS.badRequest, `${STATUS.requester}: ${error.message}`);
      throw error;
    }
    if (head.kind !== 'AuthnRequest') return page(reply, 400, SAML_REFUSALS.badRequest, STATUS.requester);
    const client = await findSp(head.issuer);
    if (!client) return page(reply, 403, SAML_REFUSALS.unknownSp, STATUS.requestDenied);
    const sp = await spOf(client);
    const rs = relayState ?? null;
    // The signature (when the SP's metadata says it signs) and the issuer, by samlify / xml-crypto.
    let extract: { nameIDPolicy?: { format?: string } };
    try {
      const parsed = await (await idp.idpFor(sp)).parseLoginRequest(sp, binding, binding === 'redirect'
        ? { query: request.query as Record<string, string>, octetString: signedOctets(request.raw.url ?? '', 'SAMLRequest') }
        : { body: request.body as Record<string, string> });
      extract = parsed.extract as typeof extract;
      if (head.signatureProblem) throw new Error(head.signatureProblem);
    } catch (error) {
      request.log.info({ samlSp: client.id, reason: (error as Error).message }, 'SAML AuthnRequest refused');
      return refuseToSp(reply, client, head.id, rs, STATUS.requestDenied);
    }
    if (head.destination !== null && head.destination !== urls().sso) return refuseToSp(reply, client, head.id, rs, STATUS.requestDenied);
    const issued = Date.parse(head.issueInstant);
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/.test(head.issueInstant) || Number.isNaN(issued) || Math.abs(ctx.now() - issued) > CLOCK_SKEW_MS) {
      return refuseToSp(reply, client, head.id, rs, STATUS.requestDenied);
    }
    const acsList = acsServices(sp).filter((s) => s.binding === BINDING_POST);
    const acs = head.acsUrl === null ? (acsList.find((s) => s.isDefault) ?? acsList[0]) : acsList.find((s) => s.location === head.acsUrl);
    if (!acs) return refuseToSp(reply, client, head.id, rs, STATUS.requestUnsupported);
    const format = extract.nameIDPolicy?.format ?? null;
    const formats = [NAMEID_PERSISTENT, NAMEID_UNSPECIFIED, 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient'];
    if (format !== null && !formats.includes(format)) return refuseToSp(reply, client, head.id, rs, STATUS.invalidNameIdPolicy);
    if (!(await records.firstUseOf(client.id, head.id))) return refuseToSp(reply, client, head.id, rs, STATUS.requestDenied);
    const pending: PendingLogin = {
      spId: client.id, requestId: head.id, acsUrl: acs.location, relayState: rs,
      nameIdFormat: format === 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient' ? null : format,
      force: head.forceAuthn, since: ctx.now(),
    };
    if (head.isPassive) {
      const state = await ctx.sessions.resolve(sessionIdOf(request));
      if (state.kind !== 'active' || head.forceAuthn) return refuseToSp(reply, client, head.id, rs, STATUS.noPassive, STATUS.responder);
    }
    return continueLogin(request, reply, client, pending, null);
  };
  app.get('/saml/sso', route, (request, reply) => sso(request, reply, 'redirect'));
  app.post('/saml/sso', route, (request, reply) => sso(request, reply, 'post'));

  app.get('/saml/sso/resume', route, async (request, reply) => {
    const id = single(request.query as Params, 'id');
    const pending = id ? await records.findLogin(id) : null;
    const client = pending ? await registry.findBy('saml', () => registry.get('saml', pending.spId)) : undefined;
    if (!id || !pending || !client) return page(reply, 400, SAML_REFUSALS.expired);
    return continueLogin(request, reply, client, pending, id);
  });

  app.get('/saml/sso/initiate', route, async (request, reply) => {
    const spId = single(request.query as Params, 'sp');
    if (!spId) return page(reply, 400, SAML_REFUSALS.badRequest);
    await registry.fresh();
    const client = registry.get('saml', spId);
    if (!client) return page(reply, 403, SAML_REFUSALS.unknownSp);
    const sp = await spOf(client);
    const acsList = acsServices(sp).filter((s) => s.binding === BINDING_POST);
    const acs = acsList.find((s) => s.isDefault) ?? acsList[0];
    if (!acs) return page(reply, 400, SAML_REFUSALS.badRequest);
    return continueLogin(request, reply, client, { spId: client.id, requestId: null, acsUrl: acs.location, relayState: null, nameIdFormat: null, force: false, since: ctx.now() }, null);
  });

  const slo = async (request: FastifyRequest, reply: FastifyReply, binding: Binding) => {
    const params = (binding === 'redirect' ? request.query : request.body ?? {}) as Params;
    const encodedRequest = single(params, 'SAMLRequest');
    const encodedResponse = single(params, 'SAMLResponse');
    const relayState = single(params, 'RelayState');
    if (relayState === null || (relayState?.length ?? 0) > MAX_RELAY_STATE || encodedRequest === null || encodedResponse === null) return page(reply, 400, SAML_REFUSALS.badRequest, STATUS.requester);
    if (!encodedRequest) {
      if (encodedResponse) return takeLogoutResponse(request, reply, binding, encodedResponse);
      return page(reply, 400, SAML_REFUSALS.badRequest, STATUS.requester);
    }
    let head: MessageHead;
    try {
      head = messageHead(decodeMessage(encodedRequest, binding));
    } catch (error) {
      if (error instanceof SamlInputError) return page(reply, 400, SAML_REFUSALS.badRequest, `${STATUS.requester}: ${error.message}`);
      throw error;
    }
    if (head.kind !== 'LogoutRequest') return page(reply, 400, SAML_REFUSALS.badRequest, STATUS.requester);
    const client = await findSp(head.issuer);
    if (!client) return page(reply, 403, SAML_REFUSALS.unknownSp, STATUS.requestDenied);
    const sp = await spOf(client);
    const samlIdp = await idp.idpFor(sp);
    let status: string = STATUS.success;
    try {
      await samlIdp.parseLogoutRequest(sp, binding, binding === 'redirect'
        ? { query: request.query as Record<string, string>, octetString: signedOctets(request.raw.url ?? '', 'SAMLRequest') }
        : { body: request.body as Record<string, string> });
      // Every field below is read from the root: only good when the signature signs the root.
      if (head.signatureProblem) throw new Error(head.signatureProblem);
      const issued = Date.parse(head.issueInstant);
      if ((head.destination !== null && head.destination !== urls().slo) || Number.isNaN(issued) || Math.abs(ctx.now() - issued) > CLOCK_SKEW_MS) status = STATUS.requester;
      else if (!(await records.firstUseOf(client.id, head.id))) status = STATUS.requester;
      // A request that cannot name one sign-in is malformed: no NameID, or unsigned without a SessionIndex.
      else if (head.nameId === null || (!sp.entityMeta.isAuthnRequestSigned() && head.sessionIndexes.length === 0)) status = STATUS.requester;
    } catch (error) {
      request.log.info({ samlSp: client.id, reason: (error as Error).message }, 'SAML LogoutRequest refused');
      status = STATUS.requester;
    }
    const requester: ChainRequester = { spId: client.id, requestId: head.id, binding, relayState: relayState ?? null };
    if (status === STATUS.success) {
      const sid = sessionIdOf(request);
      const state = await ctx.sessions.resolve(sid);
      if (state.kind === 'active') {
        const mine = (await records.signInsOf(state.session.idHash)).find((s) => s.spId === client.id);
        // Only the session this SP signed in (its NameID) is ended by it; the others get their LogoutRequests.
        if (mine && namesSignIn(head, mine, sp.entityMeta.isAuthnRequestSigned())) {
          await records.dropSignIn(state.session.idHash, client.id);
          await ctx.sessions.end(sid);
          // SPs only the browser can reach are visited first; the requester's answer ends the chain.
          const chainId = await chains.takeForSession(state.session.idHash);
          const chain = chainId ? await chains.find(chainId) : null;
          if (chainId && chain) {
            chain.started = true;
            chain.requester = requester;
            setChainCookie(request, reply, chainId);
            return walkChain(request, reply, chainId, chain);
          }
        }
      }
    }
    return answerLogoutRequest(reply, requester, status);
  };

  /** The LogoutResponse to an SP's LogoutRequest, in the binding it came in, to its registered logout service. */
  async function answerLogoutRequest(reply: FastifyReply, requester: ChainRequester, status: string) {
    const client = registry.get('saml', requester.spId);
    if (!client?.saml) return reply.type('text/html; charset=utf-8').send(signedOutPage('/'));
    const sp = await spOf(client);
    const samlIdp = await idp.idpFor(sp);
    const location = sloServices(sp).find((s) => s.binding === (requester.binding === 'redirect' ? BINDING_REDIRECT : BINDING_POST));
    const target = location?.responseLocation ?? location?.location;
    if (!target) return reply.type('text/html; charset=utf-8').send(casPage(SamlPageTexts.loggedOutTitle, SamlPageTexts.loggedOut));
    const built = samlIdp.createLogoutResponse(sp, { extract: { request: { id: requester.requestId } } } as never, requester.binding, {
      relayState: requester.relayState ?? undefined,
      customTagReplacement: (template: string) => {
        const id = newId();
        return { id, context: replaceLogoutResponse(template, id, target, requester.requestId, urls().entityId, status) };
      },
    } as never) as { context: string; entityEndpoint?: string };
    if (requester.binding === 'redirect') return reply.redirect(built.context, 303);
    return autopost(reply, target, { SAMLResponse: built.context, RelayState: requester.relayState ?? undefined }, LOGGING_OUT);
  }

  const chainCookieOptions = (request: FastifyRequest) => ({ path: '/saml/slo', httpOnly: true, sameSite: 'lax' as const, secure: secureCookie(request) });
  function setChainCookie(request: FastifyRequest, reply: FastifyReply, chainId: string) {
    reply.setCookie(CHAIN_COOKIE, chainId, { ...chainCookieOptions(request), maxAge: CHAIN_TTL_MS / 1000 });
  }

  /**
   * The next SP of the chain gets its signed LogoutRequest through the browser (Redirect preferred,
   * else an auto-submitting POST form); an SP gone from the registry or without a usable service is
   * passed over. A request still waiting when the browser comes back here (the SP never answered,
   * the person came back by hand) counts as unanswered. At the end: the requester's LogoutResponse,
   * or the signed-out page.
   */
  async function walkChain(request: FastifyRequest, reply: FastifyReply, chainId: string, chain: LogoutChain): Promise<FastifyReply> {
    if (chain.current) {
      chain.outcomes.push({ spId: chain.current.spId, outcome: 'no-answer' });
      chain.current = null;
    }
    while (chain.steps.length > 0) {
      const signIn = chain.steps.shift()!;
      const client = await registry.findBy('saml', () => registry.get('saml', signIn.spId));
      try {
        if (!client?.saml) throw new Error('the SP is no longer registered');
        const sp = await spOf(client);
        const services = sloServices(sp);
        const service = services.find((s) => s.binding === BINDING_REDIRECT) ?? services.find((s) => s.binding === BINDING_POST);
        if (!service) throw new Error('no Redirect or POST logout service');
        const binding = service.binding === BINDING_REDIRECT ? 'redirect' : 'post';
        const built = await idp.frontLogoutRequest(sp, binding, service.location, signIn.nameId, signIn.nameIdFormat, signIn.sessionIndex);
        chain.current = { spId: client.id, requestId: built.id };
        await chains.sent(chainId, client.id, built.id);
        await chains.save(chainId, chain);
        request.log.info({ samlSp: client.id, binding }, 'SAML front-channel LogoutRequest sent through the browser');
        reply.header('cache-control', 'no-store');
        if (built.url) return reply.redirect(built.url, 303);
        return autopost(reply, service.location, { SAMLRequest: built.encoded! }, LOGGING_OUT);
      } catch (error) {
        request.log.warn({ samlSp: signIn.spId, reason: (error as Error).message }, 'SAML front-channel logout: SP passed over');
        chain.outcomes.push({ spId: signIn.spId, outcome: 'unreachable' });
      }
    }
    await chains.end(chainId);
    reply.clearCookie(CHAIN_COOKIE, chainCookieOptions(request));
    request.log.info({ outcomes: chain.outcomes }, 'SAML front-channel logout chain finished');
    if (chain.requester) return answerLogoutRequest(reply, chain.requester, STATUS.success);
    if (chain.returnTo) return reply.header('cache-control', 'no-store').redirect(chain.returnTo, 303);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(signedOutPage('/'));
  }

  /**
   * An SP's LogoutResponse to one of our front-channel LogoutRequests: taken only when it answers a
   * request this chain sent and no response was taken for yet, its Destination is our logout
   * service, its IssueInstant near our clock and its signature good (required when the SP signs
   * its requests, checked whenever the message carries one; samlify / xml-crypto). Then the chain
   * goes on, through a GET of our own (the chain cookie is SameSite=Lax: a cross-site POST does
   * not carry it). An SP answering with an error status is logged and the chain goes on too.
   */
  async function takeLogoutResponse(request: FastifyRequest, reply: FastifyReply, binding: Binding, encoded: string) {
    let head: MessageHead;
    try {
      head = messageHead(decodeMessage(encoded, binding));
    } catch (error) {
      if (error instanceof SamlInputError) return page(reply, 400, SAML_REFUSALS.badLogoutResponse, `${STATUS.requester}: ${error.message}`);
      throw error;
    }
    if (head.kind !== 'LogoutResponse') return page(reply, 400, SAML_REFUSALS.badRequest, STATUS.requester);
    const client = await findSp(head.issuer);
    if (!client) return page(reply, 403, SAML_REFUSALS.unknownSp, STATUS.requestDenied);
    const refuse = (reason: string, chainGoesOn: boolean) => {
      request.log.info({ samlSp: client.id, reason }, 'SAML LogoutResponse refused');
      return reply.status(400).type('text/html; charset=utf-8').header('cache-control', 'no-store')
        .send(casPage(SamlPageTexts.logoutFailedTitle, SAML_REFUSALS.badLogoutResponse, `<p><small>${STATUS.requester}</small></p>`
          + (chainGoesOn ? `<p><a href="/saml/slo/front">${SamlPageTexts.continueLogout}</a></p>` : '')));
    };
    const chainId = head.inResponseTo ? await chains.waiting(client.id, head.inResponseTo) : null;
    const chain = chainId ? await chains.find(chainId) : null;
    if (!chainId || !chain || chain.current?.spId !== client.id || chain.current.requestId !== head.inResponseTo) {
      return refuse('unsolicited, or answered already', false);
    }
    const issued = Date.parse(head.issueInstant);
    if ((head.destination !== null && head.destination !== urls().slo) || Number.isNaN(issued) || Math.abs(ctx.now() - issued) > CLOCK_SKEW_MS) {
      return refuse('wrong Destination or stale IssueInstant', true);
    }
    const sp = await spOf(client);
    const carriesSignature = binding === 'redirect' ? single(request.query as Params, 'Signature') !== undefined : head.signed;
    let outcome: 'success' | 'error' = 'success';
    try {
      await (await idp.idpForResponse(sp, carriesSignature)).parseLogoutResponse(sp, binding, binding === 'redirect'
        ? { query: request.query as Record<string, string>, octetString: signedOctets(request.raw.url ?? '', 'SAMLResponse') }
        : { body: request.body as Record<string, string> });
      if (head.signatureProblem) throw new Error(head.signatureProblem);
    } catch (error) {
      const reason = (error as Error).message;
      if (!reason.startsWith('ERR_FAILED_STATUS')) return refuse(reason, true);
      outcome = 'error';
      request.log.warn({ samlSp: client.id, reason }, 'SAML front-channel logout: the SP answered with an error status');
    }
    if (!(await chains.claim(client.id, head.inResponseTo!))) return refuse('answered already', false);
    chain.outcomes.push({ spId: client.id, outcome });
    chain.current = null;
    await chains.save(chainId, chain);
    return reply.header('cache-control', 'no-store').redirect('/saml/slo/front', 303);
  }

  app.get('/saml/slo/front', route, async (request, reply) => {
    const start = single(request.query as Params, 'start');
    const held = request.cookies[CHAIN_COOKIE];
    if (start) {
      const chain = await chains.find(start);
      // The start URL works once, for the browser that signed out; after that only with its cookie.
      if (chain && !chain.started) {
        chain.started = true;
        setChainCookie(request, reply, start);
        return walkChain(request, reply, start, chain);
      }
      if (chain && held === start) return walkChain(request, reply, start, chain);
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(signedOutPage('/'));
    }
    const chain = await chains.find(held);
    if (!held || !chain) return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(signedOutPage('/'));
    return walkChain(request, reply, held, chain);
  });
  app.get('/saml/slo', route, (request, reply) => slo(request, reply, 'redirect'));
  app.post('/saml/slo', route, (request, reply) => slo(request, reply, 'post'));

  return { idp, records, logout, chains };
}

/**
 * Whether a LogoutRequest names this browser's sign-in at the SP: its NameID always and, when the SP
 * does not sign (anyone can make such a request, and a cross-site GET carries the browser's
 * cookies), also the SessionIndex this IdP issued to that sign-in, which only the SP has seen
 * (issue 31). A signed request of an SP that signs may leave the SessionIndex out (all of its
 * sessions), as SAML allows.
 */
function namesSignIn(head: MessageHead, signIn: SamlSignIn, verifiedSignature: boolean): boolean {
  if (head.nameId !== signIn.nameId) return false;
  if (verifiedSignature && head.sessionIndexes.length === 0) return true;
  return head.sessionIndexes.includes(signIn.sessionIndex);
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

function replaceLogoutResponse(template: string, id: string, destination: string, inResponseTo: string, issuer: string, status: string): string {
  const values: Record<string, string> = { ID: id, IssueInstant: new Date().toISOString(), Destination: destination, InResponseTo: inResponseTo, Issuer: issuer, StatusCode: status };
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? xmlEscape(values[name]!) : whole));
}
