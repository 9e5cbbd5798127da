// A SAML service provider for the server tests, made with samlify's own SP side (the library the
// identity provider is built on, used here as an independent client would use it): its metadata
// registered through the admin command's code, its AuthnRequests and LogoutRequests signed with
// its own key, its parsing of the IdP's responses checking the signatures.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as samlify from 'samlify';
import { runProtocolCommand } from '../../../server/cas/protocol-cli.ts';
import type { AppContext } from '../../../server/context.ts';
import { makeSamlKey, type SamlKey } from '../../../server/saml/saml-keys.ts';
import { loadSamlify } from '../../../server/saml/saml-idp.ts';

export const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
export const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const SOAP = 'urn:oasis:names:tc:SAML:2.0:bindings:SOAP';

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
  await runProtocolCommand(ctx, 'add-client', [id], {
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
