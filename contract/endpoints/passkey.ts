// Passkeys (WebAuthn, issue 21): enrolment on the account page (a session is required) and the
// sign-in on <sso-login> with no username (discoverable credentials). `options` are the
// PublicKeyCredential*OptionsJSON @simplewebauthn/browser takes; `response` is what it answers.
// `handle` names the server's challenge: one use, two minutes.
import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from './endpoint.ts';
import type { LoginAnswer } from './auth.ts';
import { CallBack, ClientId, NoQuery, SsoDomain, strict } from './fields.ts';

const Handle = Type.String({ minLength: 16, maxLength: 128 });
/** The browser's answer (RegistrationResponseJSON / AuthenticationResponseJSON), checked by @simplewebauthn/server. */
const WebAuthnResponse = Type.Object({ id: Type.String({ minLength: 1, maxLength: 1024 }) }, { additionalProperties: true });
export const PasskeyName = Type.String({ minLength: 1, maxLength: 40 });

export interface WebAuthnChallenge {
  handle: string;
  /** PublicKeyCredentialCreationOptionsJSON or PublicKeyCredentialRequestOptionsJSON. */
  options: Record<string, unknown>;
}

export interface PasskeyInfo {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export const passkeyList = endpoint<PasskeyInfo[]>()({ method: 'GET', path: '/account/passkeys', query: NoQuery });
export const passkeyRegistrationOptions = endpoint<WebAuthnChallenge>()({ method: 'POST', path: '/account/passkeys/options', body: Type.Object({}, strict) });
export const addPasskey = endpoint<PasskeyInfo>()({
  method: 'POST', path: '/account/passkeys/add',
  body: Type.Object({ handle: Handle, name: PasskeyName, response: WebAuthnResponse }, strict),
});
export type AddPasskeyBody = Static<typeof addPasskey.body>;
export const renamePasskey = endpoint<null>()({
  method: 'POST', path: '/account/passkeys/rename',
  body: Type.Object({ id: Type.String({ minLength: 1, maxLength: 1024 }), name: PasskeyName }, strict),
});
export type RenamePasskeyBody = Static<typeof renamePasskey.body>;
export const removePasskey = endpoint<null>()({
  method: 'POST', path: '/account/passkeys/remove',
  body: Type.Object({ id: Type.String({ minLength: 1, maxLength: 1024 }) }, strict),
});
export type RemovePasskeyBody = Static<typeof removePasskey.body>;

export const passkeySignInOptions = endpoint<WebAuthnChallenge>()({ method: 'POST', path: '/centerAuth/sso/passkey/options', body: Type.Object({}, strict) });
export const passkeySignIn = endpoint<LoginAnswer>()({
  method: 'POST', path: '/centerAuth/sso/passkey/verify',
  body: Type.Object({
    handle: Handle,
    response: WebAuthnResponse,
    clientId: Type.Optional(ClientId),
    callBack: Type.Optional(CallBack),
    ssoDomain: Type.Optional(SsoDomain),
  }, strict),
});
export type PasskeySignInBody = Static<typeof passkeySignIn.body>;
