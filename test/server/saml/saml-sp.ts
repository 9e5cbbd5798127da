// A SAML service provider for the server tests, made with samlify's own SP side (the library the
// identity provider is built on, used here as an independent client would use it): its metadata
// registered through the admin command's code, its AuthnRequests and LogoutRequests signed with
// its own key, its parsing of the IdP's responses checking the signatures.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as samlify from 'samlify';
import { runSamlCommand } from '../../../server/saml/saml-cli.ts';
import type { AppContext } from '../../../server/context.ts';
import { makeSamlKey, type SamlKey } from '../../../server/saml/saml-keys.ts';
import { loadSamlify } from '../../../server/saml/saml-idp.ts';
import type { RawAnswer } from '../cas/cas-helpers.ts';

export const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
export const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const SOAP = 'urn:oasis:names:tc:SAML:2.0:bindings:SOAP';
export const SUCCESS = 'urn:oasis:names:tc:SAML:2.0:status:Success';

let spKey: SamlKey | null = null;
export const testSpKey = (): SamlKey => (spKey ??= makeSamlKey('sp.example.com'));

export interface TestSp {
  sp: ReturnType<typeof samlify.ServiceProvider>;
  idp: ReturnType<typeof samlify.IdentityProvider>;
  entityId: string;
}

export async function registerTestSp({ app, ctx }: { app: FastifyInstance; ctx: AppContext }, id: string, options: { signed?: boolean; groups?: string[]; nameIdFormat?: string; host?: string; slo?: { binding: string; location: string }[] } = {}): Promise<TestSp> {
  await loadSamlify();
  const host = options.host ?? `${id}.example.com`;
  const key = testSpKey();
  const signed = options.signed ?? true;
  const sp = samlify.ServiceProvider({
    entityID: `https://${host}/metadata`, authnRequestsSigned: signed, wantAssertionsSigned: true,
    privateKey: key.privateKey, signingCert: key.certificate,
    requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    assertionConsumerService: [{ Binding: POST, Location: `https://${host}/acs` }],
    singleLogoutService: options.slo?.map((s) => ({ Binding: s.binding, Location: s.location }))
      ?? [{ Binding: REDIRECT, Location: `https://${host}/slo` }, { Binding: POST, Location: `https://${host}/slo` }],
    // The IdP's LogoutRequests (front-channel single logout) must be signed.
    wantLogoutRequestSigned: true,
    nameIDFormat: [options.nameIdFormat === 'unspecified' ? 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified' : 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent'],
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sso-sp-'));
  const file = path.join(dir, 'sp.xml');
  fs.writeFileSync(file, sp.getMetadata());
  await runSamlCommand(ctx, 'add-client', [id], {
    protocol: 'saml', metadata: file, group: options.groups ?? [], ...(options.nameIdFormat ? { 'name-id-format': options.nameIdFormat } : {}),
  });
  fs.rmSync(dir, { recursive: true, force: true });
  const metadata = (await app.inject({ method: 'GET', url: '/saml/metadata' })).body;
  // An SP that does not sign its requests reads the IdP metadata as not asking for it (samlify's SP
  // side refuses the mismatch); the IdP still serves it unsigned, since its own metadata says so.
  const idp = samlify.IdentityProvider({ metadata: signed ? metadata : metadata.replace('WantAuthnRequestsSigned="true"', 'WantAuthnRequestsSigned="false"'), wantLogoutRequestSigned: true, wantLogoutResponseSigned: signed });
  return { sp, idp, entityId: `https://${host}/metadata` };
}

/** The form fields of the IdP's auto-posting page. */
export function formOf(html: string): { action: string; fields: Record<string, string> } {
  const action = /<form id="saml-post" method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no SAML form in ${html.slice(0, 400)}`);
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]!] = m[2]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  return { action: action.replace(/&amp;/g, '&'), fields };
}

/** The path and query of an absolute URL (what app.inject takes). */
export const localPath = (url: string): string => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

// ---- The SP side of front-channel single logout ----------------------------------------------

export interface Received {
  id: string;
  nameId: string;
  sessionIndex: string;
  xml: string;
}

/** The SP reads our LogoutRequest as samlify's SP side does: the signature is checked (wantLogoutRequestSigned). */
export async function spReceives(sp: TestSp, binding: 'redirect' | 'post', answer: RawAnswer): Promise<Received> {
  let parsed: { samlContent: string; extract: { request: { id: string }; nameID: string; sessionIndex: string } };
  if (binding === 'redirect') {
    assert.equal(answer.status, 303, answer.body.slice(0, 300));
    const url = new URL(answer.location!);
    const octetString = url.search.slice(1).split('&').filter((p) => !p.startsWith('Signature=')).join('&');
    parsed = await sp.sp.parseLogoutRequest(sp.idp, 'redirect', { query: Object.fromEntries(url.searchParams), octetString }) as never;
  } else {
    assert.equal(answer.status, 200, answer.body.slice(0, 300));
    const form = formOf(answer.body);
    parsed = await sp.sp.parseLogoutRequest(sp.idp, 'post', { body: form.fields }) as never;
  }
  return { id: parsed.extract.request.id, nameId: parsed.extract.nameID, sessionIndex: parsed.extract.sessionIndex, xml: parsed.samlContent };
}

/** The SP's LogoutResponse (signed when it signs), in a binding, with a status and optionally a wrong Destination. */
export function spAnswers(sp: TestSp, binding: 'redirect' | 'post', inResponseTo: string, options: { status?: string; destination?: string } = {}): { path: string; form?: Record<string, string> } {
  const built = sp.sp.createLogoutResponse(sp.idp, { extract: { request: { id: inResponseTo } } } as never, binding, {
    customTagReplacement: (template: string) => {
      const id = `_sp${crypto.randomBytes(12).toString('hex')}`;
      const destination = options.destination ?? sp.idp.entityMeta.getSingleLogoutService(binding) as string;
      const values: Record<string, string> = { ID: id, IssueInstant: new Date().toISOString(), Destination: destination, InResponseTo: inResponseTo, Issuer: sp.entityId, StatusCode: options.status ?? SUCCESS };
      return { id, context: template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole) };
    },
  } as never) as { context: string };
  if (binding === 'redirect') return { path: localPath(built.context) };
  return { path: '/saml/slo', form: { SAMLResponse: built.context } };
}
