// Passkeys (WebAuthn through @simplewebauthn/server, issue 21). The relying party ID is the SSO
// host (SSO_PUBLIC_URL's, else the request's); the answers may come from the SSO origin or from an
// allow-listed brand origin (a group's callbackOrigins), which browsers allow through Related
// Origin Requests: /.well-known/webauthn lists them. Credentials are discoverable and user
// verification is required, so a passkey signs in with no username and counts as two factors.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  AuthenticationResponseJSON, AuthenticatorTransport as AuthenticatorTransportFuture, RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppContext } from '../context.ts';
import { refuse } from '../http/api-error.ts';
import { ok } from '../http/envelope.ts';
import { requireSession } from '../auth/index.ts';
import { audit, completeLogin, loginRedirect } from '../auth/index.ts';
import { groupFor } from '../catalog/index.ts';
import { ownOrigin } from '../http/origins.ts';
import {
  addPasskey, passkeyList, passkeyRegistrationOptions, passkeySignIn, passkeySignInOptions, removePasskey, renamePasskey,
  type AddPasskeyBody, type PasskeyInfo, type PasskeySignInBody, type RemovePasskeyBody, type RenamePasskeyBody,
} from '../../contract/endpoints/passkey.ts';
import { ISSUER } from '../mfa/index.ts';
import { FieldMessages } from '../../contract/errors.ts';
import { DisplayNames } from '../../contract/display-names.ts';
import type { Passkey } from './passkey-store.ts';
import { webAuthnLibrary } from './webauthn-library.ts';
import type { SlicePlugin } from '../slice-plugin.ts';
import { requireRecentProof } from '../account/index.ts';
import { endOtherSessionsOf } from '../account/index.ts';
import { noticeSecurityChange } from '../account/index.ts';

const CHALLENGE_LIFETIME_MS = 2 * 60_000;
export const WELL_KNOWN_WEBAUTHN = '/.well-known/webauthn';

const info = (p: Passkey): PasskeyInfo => ({ id: p.id, name: p.name, createdAt: p.createdAt, lastUsedAt: p.lastUsedAt });

/** The SSO origin as the browser sees it, and the relying party ID (its host name). */
function relyingParty(ctx: AppContext, request: FastifyRequest): { origin: string; rpID: string } {
  const origin = ctx.config.publicUrl ?? ownOrigin(request);
  return { origin, rpID: new URL(origin).hostname };
}

/** Every origin an answer may come from: the SSO origin and the allow-listed brand origins. */
async function allowedOrigins(ctx: AppContext, request: FastifyRequest): Promise<string[]> {
  const brands = (await ctx.stores.catalog.listGroups()).flatMap((g) => g.callbackOrigins);
  return [...new Set([relyingParty(ctx, request).origin, ...brands])];
}

export function registerPasskeyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const limits = { fieldMessages: { name: FieldMessages.passkeyName }, rateLimit: { max: ctx.config.sensitivePerMinute, timeWindow: 60_000 } };

  async function signedIn(request: FastifyRequest, reply: FastifyReply) {
    return (await signedInSession(request, reply)).user;
  }

  async function signedInSession(request: FastifyRequest, reply: FastifyReply) {
    const session = await requireSession(ctx, request, reply);
    const user = await ctx.stores.users.findUserById(session.userId);
    if (!user || user.disabled) throw refuse('notLoggedIn');
    return { session, user };
  }

  /** Adding a passkey needs a recent proof of identity (account/recent-proof.ts): a stolen session must not plant one. */
  async function recentlyProved(request: FastifyRequest, reply: FastifyReply) {
    const { session, user } = await signedInSession(request, reply);
    await requireRecentProof(ctx, session, user);
    return user;
  }

  async function newChallenge(challenge: string, userId: number | null): Promise<string> {
    const handle = crypto.randomBytes(32).toString('base64url');
    const now = ctx.now();
    await ctx.stores.passkeys.saveChallenge(handle, challenge, userId, now + CHALLENGE_LIFETIME_MS, now);
    return handle;
  }

  app.get(passkeyList.path, { schema: { querystring: passkeyList.query } }, async (request, reply) => {
    const user = await signedIn(request, reply);
    return ok(passkeyList, (await ctx.stores.passkeys.listOf(user.id)).map(info));
  });

  app.post(passkeyRegistrationOptions.path, { schema: { body: passkeyRegistrationOptions.body }, config: limits }, async (request, reply) => {
    const user = await recentlyProved(request, reply);
    const { rpID } = relyingParty(ctx, request);
    const options = await (await webAuthnLibrary()).generateRegistrationOptions({
      rpName: ISSUER, rpID, userName: user.username, userDisplayName: user.username,
      userID: new TextEncoder().encode(`sso-user-${user.id}`),
      attestationType: 'none',
      excludeCredentials: (await ctx.stores.passkeys.listOf(user.id)).map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransportFuture[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    return ok(passkeyRegistrationOptions, { handle: await newChallenge(options.challenge, user.id), options: options as unknown as Record<string, unknown> });
  });

  app.post<{ Body: AddPasskeyBody }>(addPasskey.path, { schema: { body: addPasskey.body }, config: limits }, async (request, reply) => {
    const user = await recentlyProved(request, reply);
    const challenge = await ctx.stores.passkeys.takeChallenge(request.body.handle, user.id, ctx.now());
    if (!challenge) throw refuse('passkeyExpired');
    const { rpID } = relyingParty(ctx, request);
    let verified;
    try {
      verified = await (await webAuthnLibrary()).verifyRegistrationResponse({
        response: request.body.response as unknown as RegistrationResponseJSON, expectedChallenge: challenge,
        expectedOrigin: await allowedOrigins(ctx, request), expectedRPID: rpID, requireUserVerification: true,
      });
    } catch (error) {
      request.log.info({ err: (error as Error).message }, 'passkey registration refused');
      throw refuse('passkeyFailed');
    }
    if (!verified.verified) throw refuse('passkeyFailed');
    const { credential } = verified.registrationInfo;
    const passkey: Passkey = {
      id: credential.id, userId: user.id, publicKey: Buffer.from(credential.publicKey).toString('base64url'), counter: credential.counter,
      transports: credential.transports ?? [], name: request.body.name.trim() || DisplayNames.passkey, createdAt: ctx.now(), lastUsedAt: null,
    };
    if (!(await ctx.stores.passkeys.add(passkey))) throw refuse('passkeyExists');
    await noticeSecurityChange(ctx, request, user, 'passkey');
    return ok(addPasskey, info(passkey));
  });

  app.post<{ Body: RenamePasskeyBody }>(renamePasskey.path, { schema: { body: renamePasskey.body }, config: limits }, async (request, reply) => {
    const user = await signedIn(request, reply);
    if (!(await ctx.stores.passkeys.rename(user.id, request.body.id, request.body.name.trim()))) throw refuse('passkeyNotFound');
    return ok(renamePasskey, null);
  });

  app.post<{ Body: RemovePasskeyBody }>(removePasskey.path, { schema: { body: removePasskey.body }, config: limits }, async (request, reply) => {
    const { session, user } = await signedInSession(request, reply);
    if (!(await ctx.stores.passkeys.remove(user.id, request.body.id))) throw refuse('passkeyNotFound');
    // The last one gone: a session a thief signed in with it (or opened beside it) ends too.
    if ((await ctx.stores.passkeys.listOf(user.id)).length === 0) await endOtherSessionsOf(ctx, user.id, session.idHash);
    return ok(removePasskey, null);
  });

  app.post(passkeySignInOptions.path, { schema: { body: passkeySignInOptions.body }, config: limits }, async (request) => {
    const { rpID } = relyingParty(ctx, request);
    const options = await (await webAuthnLibrary()).generateAuthenticationOptions({ rpID, userVerification: 'required', allowCredentials: [] });
    return ok(passkeySignInOptions, { handle: await newChallenge(options.challenge, null), options: options as unknown as Record<string, unknown> });
  });

  app.post<{ Body: PasskeySignInBody }>(passkeySignIn.path, { schema: { body: passkeySignIn.body }, config: limits }, async (request, reply) => {
    const body = request.body;
    const group = await groupFor(ctx, request, body.ssoDomain);
    const redirect = loginRedirect(request, group, body.callBack);
    const challenge = await ctx.stores.passkeys.takeChallenge(body.handle, null, ctx.now());
    if (!challenge) throw refuse('passkeyExpired');
    const passkey = await ctx.stores.passkeys.find(String(body.response.id));
    if (!passkey) throw refuse('passkeyUnknown');
    const user = await ctx.stores.users.findUserById(passkey.userId);
    if (!user) throw refuse('passkeyUnknown');
    const { rpID } = relyingParty(ctx, request);
    let verified;
    try {
      verified = await (await webAuthnLibrary()).verifyAuthenticationResponse({
        response: body.response as unknown as AuthenticationResponseJSON, expectedChallenge: challenge,
        expectedOrigin: await allowedOrigins(ctx, request), expectedRPID: rpID, requireUserVerification: true,
        credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: passkey.transports as AuthenticatorTransportFuture[] },
      });
    } catch (error) {
      request.log.info({ err: (error as Error).message }, 'passkey sign-in refused');
      await audit(ctx, request, user.username, 'passkey', 'bad_passkey', body.clientId);
      throw refuse('passkeyFailed');
    }
    if (!verified.verified || !(await ctx.stores.passkeys.used(passkey.id, verified.authenticationInfo.newCounter, ctx.now()))) {
      await audit(ctx, request, user.username, 'passkey', 'bad_passkey', body.clientId);
      throw refuse('passkeyFailed');
    }
    // The passkey proves the account: a password lockout does not stop it (as an SMS code does not).
    return completeLogin(ctx, request, reply, user, 'passkey', redirect, body.clientId);
  });
}

/** Related Origin Requests (outside /api): the origins that may use this relying party ID's passkeys. */
export function registerWellKnownWebAuthn(app: FastifyInstance, ctx: AppContext): void {
  app.get(WELL_KNOWN_WEBAUTHN, async (request, reply) => {
    const origins = await allowedOrigins(ctx, request);
    return reply.header('cache-control', 'public, max-age=300').type('application/json').send({ origins });
  });
}

/** Passkeys: their calls under /api, and /.well-known/webauthn (Related Origin Requests) at the root. */
export const passkeySlice: SlicePlugin = {
  name: 'passkey',
  api: ({ api, ctx }) => registerPasskeyRoutes(api, ctx),
  root: (app, ctx) => registerWellKnownWebAuthn(app, ctx),
};
