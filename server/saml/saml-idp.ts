// The identity provider as samlify sees it: two IdP entities (one wanting signed AuthnRequests,
// for SPs whose metadata says they sign them; one not), the SP entities made from their
// registered metadata, the schema check samlify runs on every message (ours: no DOCTYPE, XML that
// parses), and the login response built from our template: an assertion always signed (and the
// response too when the SP registered --sign-response), NameID persistent (the account's OpenID
// Connect subject) or unspecified (the username), attributes username, name, phone, groups.
// samlify (with xml-crypto and its XML stack) is loaded on first use, as oidc-provider is.
import crypto from 'node:crypto';
import type { SamlKey } from './saml-keys.ts';
import { certificateBody } from './saml-keys.ts';
import { parseDocument } from './saml-messages.ts';
import { shareSamlifyXmlDom } from './shared-xmldom.ts';

type Samlify = typeof import('samlify');
type IdentityProvider = ReturnType<Samlify['IdentityProvider']>;
type ServiceProvider = ReturnType<Samlify['ServiceProvider']>;

export const BINDING_REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const BINDING_POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
export const BINDING_SOAP = 'urn:oasis:names:tc:SAML:2.0:bindings:SOAP';
export const NAMEID_PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';
export const NAMEID_UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';
export const STATUS = {
  success: 'urn:oasis:names:tc:SAML:2.0:status:Success',
  requester: 'urn:oasis:names:tc:SAML:2.0:status:Requester',
  responder: 'urn:oasis:names:tc:SAML:2.0:status:Responder',
  requestDenied: 'urn:oasis:names:tc:SAML:2.0:status:RequestDenied',
  invalidNameIdPolicy: 'urn:oasis:names:tc:SAML:2.0:status:InvalidNameIDPolicy',
  noPassive: 'urn:oasis:names:tc:SAML:2.0:status:NoPassive',
  requestUnsupported: 'urn:oasis:names:tc:SAML:2.0:status:RequestUnsupported',
} as const;

let loading: Promise<Samlify> | null = null;

/** samlify, configured once: our schema check, and its DOM parser with fatal errors (its default). */
export function loadSamlify(): Promise<Samlify> {
  // samlify is CommonJS: compiled ESM sees its exports on default, tsx on the namespace. Its XML
  // libraries share its DOM library (shared-xmldom.ts).
  shareSamlifyXmlDom();
  loading ??= import('samlify').then((module) => (module as Samlify & { default?: Samlify }).default ?? module).then((samlify) => {
    samlify.setSchemaValidator({
      validate: async (xml: string) => {
        parseDocument(xml);
        return 'checked';
      },
    });
    return samlify;
  });
  return loading;
}

export const newId = (): string => `_${crypto.randomBytes(20).toString('hex')}`;

const escapeXml = (text: string): string =>
  text.replace(/[&<>"'{}]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '{': '&#123;', '}': '&#125;' })[c]!)
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

export interface SamlUser {
  nameId: string;
  nameIdFormat: string;
  sessionIndex: string;
  authnInstant: string;
  /** How the session was signed into (authn-context.ts). */
  authnContext: string;
  attributes: Record<string, string[]>;
}

export interface SamlUrls {
  entityId: string;
  sso: string;
  slo: string;
}

const RESPONSE_TEMPLATE = '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}" InResponseTo="{InResponseTo}">'
  + '<saml:Issuer>{Issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="{StatusCode}"/></samlp:Status>'
  + '<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{AssertionID}" Version="2.0" IssueInstant="{IssueInstant}">'
  + '<saml:Issuer>{Issuer}</saml:Issuer><saml:Subject><saml:NameID Format="{NameIDFormat}" NameQualifier="{Issuer}" SPNameQualifier="{Audience}">{NameID}</saml:NameID>'
  + '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="{NotOnOrAfter}" Recipient="{Destination}" InResponseTo="{InResponseTo}"/></saml:SubjectConfirmation></saml:Subject>'
  + '<saml:Conditions NotBefore="{NotBefore}" NotOnOrAfter="{NotOnOrAfter}"><saml:AudienceRestriction><saml:Audience>{Audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions>'
  + '<saml:AuthnStatement AuthnInstant="{AuthnInstant}" SessionIndex="{SessionIndex}"><saml:AuthnContext><saml:AuthnContextClassRef>{AuthnContextClassRef}</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>'
  + '@ATTRIBUTES@</saml:Assertion></samlp:Response>';

const LOGOUT_REQUEST_TEMPLATE = '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}">'
  + '<saml:Issuer>{Issuer}</saml:Issuer><saml:NameID Format="{NameIDFormat}" NameQualifier="{Issuer}" SPNameQualifier="{SPNameQualifier}">{NameID}</saml:NameID>'
  + '<samlp:SessionIndex>{SessionIndex}</samlp:SessionIndex></samlp:LogoutRequest>';

const ERROR_TEMPLATE = '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="{ID}" Version="2.0" IssueInstant="{IssueInstant}" Destination="{Destination}" InResponseTo="{InResponseTo}">'
  + '<saml:Issuer>{Issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="{StatusCode}">@SECOND@</samlp:StatusCode></samlp:Status></samlp:Response>';

function attributeStatement(attributes: Record<string, string[]>): string {
  const items = Object.entries(attributes).filter(([, values]) => values.length > 0).map(([name, values]) =>
    `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">`
    + values.map((v) => `<saml:AttributeValue xsi:type="xs:string">${escapeXml(v)}</saml:AttributeValue>`).join('')
    + '</saml:Attribute>').join('');
  return items ? `<saml:AttributeStatement>${items}</saml:AttributeStatement>` : '';
}

export class SamlIdp {
  private entities: Promise<{ samlify: Samlify; signed: IdentityProvider; unsigned: IdentityProvider }> | null = null;
  private sps = new Map<string, { metadata: string; sp: ServiceProvider }>();

  constructor(private readonly urls: () => SamlUrls, private readonly key: () => Promise<SamlKey>) {}

  private async build() {
    this.entities ??= (async () => {
      const samlify = await loadSamlify();
      const { privateKey, certificate } = await this.key();
      const urls = this.urls();
      // An SP that signs its AuthnRequests must sign its LogoutRequests too.
      const settings = (wantAuthnRequestsSigned: boolean) => samlify.IdentityProvider({
        entityID: urls.entityId, privateKey, signingCert: certificate, wantAuthnRequestsSigned, wantLogoutRequestSigned: wantAuthnRequestsSigned,
        // and its LogoutResponses (front-channel single logout): checked when it signs, or when one carries a signature.
        wantLogoutResponseSigned: wantAuthnRequestsSigned,
        requestSignatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
        nameIDFormat: [NAMEID_PERSISTENT, NAMEID_UNSPECIFIED],
        singleSignOnService: [{ Binding: BINDING_REDIRECT, Location: urls.sso }, { Binding: BINDING_POST, Location: urls.sso }],
        singleLogoutService: [{ Binding: BINDING_REDIRECT, Location: urls.slo }, { Binding: BINDING_POST, Location: urls.slo }],
        generateID: newId,
      });
      return { samlify, signed: settings(true), unsigned: settings(false) };
    })();
    this.entities.catch(() => { this.entities = null; });
    return this.entities;
  }

  async metadata(): Promise<string> {
    // WantAuthnRequestsSigned="true" is published; an SP whose own metadata does not say it signs is
    // still served unsigned (idpFor), one that says so must sign.
    return (await this.build()).signed.getMetadata();
  }

  async certificate(): Promise<string> {
    return certificateBody((await this.key()).certificate);
  }

  /** The IdP entity for this SP: checking AuthnRequest signatures when its metadata says it signs them. */
  async idpFor(sp: ServiceProvider): Promise<IdentityProvider> {
    const { signed, unsigned } = await this.build();
    return sp.entityMeta.isAuthnRequestSigned() ? signed : unsigned;
  }

  /** The IdP entity that reads a LogoutResponse: checking its signature when the SP signs or the message carries one. */
  async idpForResponse(sp: ServiceProvider, carriesSignature: boolean): Promise<IdentityProvider> {
    const { signed, unsigned } = await this.build();
    return sp.entityMeta.isAuthnRequestSigned() || carriesSignature ? signed : unsigned;
  }

  /**
   * A signed LogoutRequest for the front channel: a Redirect-binding URL (the query signed) or the
   * XML (signed) for an HTTP-POST form, to the SP's registered single logout service `location`.
   */
  async frontLogoutRequest(sp: ServiceProvider, binding: 'redirect' | 'post', location: string, nameId: string, nameIdFormat: string, sessionIndex: string): Promise<{ id: string; url: string | null; encoded: string | null }> {
    if (binding === 'post') {
      const xml = await this.logoutRequestXml(sp, location, nameId, nameIdFormat, sessionIndex);
      const id = /\sID="([^"]+)"/.exec(xml)![1]!;
      return { id, url: null, encoded: Buffer.from(xml, 'utf8').toString('base64') };
    }
    const { samlify, signed } = await this.build();
    const id = newId();
    const built = signed.createLogoutRequest(sp, 'redirect', { logoutNameID: nameId, sessionIndex }, {
      customTagReplacement: () => ({
        id,
        context: samlify.SamlLib.replaceTagsByValue(LOGOUT_REQUEST_TEMPLATE, {
          ID: id, IssueInstant: new Date().toISOString(), Destination: location, Issuer: this.urls().entityId,
          NameIDFormat: nameIdFormat, NameID: nameId, SessionIndex: sessionIndex, SPNameQualifier: sp.entityMeta.getEntityID(),
        }),
      }),
    } as never) as { id: string; context: string };
    return { id, url: built.context, encoded: null };
  }

  /** The SP entity of a registered metadata document (cached while the metadata stays the same). */
  async sp(id: string, metadata: string, options: { wantLogoutRequestSigned?: boolean } = {}): Promise<ServiceProvider> {
    const known = this.sps.get(id);
    if (known?.metadata === metadata) return known.sp;
    const { samlify } = await this.build();
    const sp = samlify.ServiceProvider({ metadata, wantLogoutRequestSigned: true, wantLogoutResponseSigned: true, ...options });
    // Assertions are signed whatever the metadata's WantAssertionsSigned says.
    sp.entityMeta.isWantAssertionsSigned = () => true;
    this.sps.set(id, { metadata, sp });
    return sp;
  }

  /** A signed login response (assertion signed; the response too for signResponse) for POSTing to acsUrl. */
  async loginResponse(sp: ServiceProvider, user: SamlUser, acsUrl: string, inResponseTo: string | null, signResponse: boolean): Promise<string> {
    const idp = await this.idpFor(sp);
    const now = new Date();
    const later = new Date(now.getTime() + 5 * 60_000).toISOString();
    const earlier = new Date(now.getTime() - 60_000).toISOString();
    const id = newId();
    const { samlify } = await this.build();
    sp.entitySetting.wantMessageSigned = signResponse;
    const built = await idp.createLoginResponse(sp, { extract: {} } as never, 'post', {}, {
      customTagReplacement: () => ({
        id,
        context: samlify.SamlLib.replaceTagsByValue(RESPONSE_TEMPLATE.replace('@ATTRIBUTES@', attributeStatement(user.attributes)), {
          ID: id, AssertionID: newId(), IssueInstant: now.toISOString(), Destination: acsUrl, InResponseTo: inResponseTo ?? undefined,
          Issuer: this.urls().entityId, StatusCode: STATUS.success, NameIDFormat: user.nameIdFormat, NameID: user.nameId,
          Audience: sp.entityMeta.getEntityID(), NotBefore: earlier, NotOnOrAfter: later, AuthnInstant: user.authnInstant,
          SessionIndex: user.sessionIndex, AuthnContextClassRef: user.authnContext,
        }),
      }),
    });
    return (built as { context: string }).context;
  }

  /** A signed error response: the status the specification names for what was wrong with the request. */
  async errorResponse(sp: ServiceProvider, acsUrl: string, inResponseTo: string | null, top: string, second: string | null): Promise<string> {
    const { samlify } = await this.build();
    const { privateKey, certificate } = await this.key();
    const xml = samlify.SamlLib.replaceTagsByValue(ERROR_TEMPLATE.replace('@SECOND@', second ? `<samlp:StatusCode Value="${escapeXml(second)}"/>` : ''), {
      ID: newId(), IssueInstant: new Date().toISOString(), Destination: acsUrl, InResponseTo: inResponseTo ?? undefined,
      Issuer: this.urls().entityId, StatusCode: top,
    });
    return samlify.SamlLib.constructSAMLSignature({
      rawSamlMessage: xml, privateKey, signingCert: certificateBody(certificate), isMessageSigned: true, isBase64Output: true,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      signatureConfig: { prefix: 'ds', location: { reference: "/*[local-name(.)='Response']/*[local-name(.)='Issuer']", action: 'after' } },
    } as never) as unknown as string;
  }

  /** A signed LogoutRequest for the SOAP back channel (the XML itself, not encoded). */
  async logoutRequestXml(sp: ServiceProvider, destination: string, nameId: string, nameIdFormat: string, sessionIndex: string): Promise<string> {
    const { samlify } = await this.build();
    const { privateKey, certificate } = await this.key();
    // The NameID exactly as the assertion had it (qualifiers too): SPs look the session up by it.
    const xml = samlify.SamlLib.replaceTagsByValue(LOGOUT_REQUEST_TEMPLATE, {
      ID: newId(), IssueInstant: new Date().toISOString(), Destination: destination, Issuer: this.urls().entityId,
      NameIDFormat: nameIdFormat, NameID: nameId, SessionIndex: sessionIndex, SPNameQualifier: sp.entityMeta.getEntityID(),
    });
    return samlify.SamlLib.constructSAMLSignature({
      rawSamlMessage: xml, privateKey, signingCert: certificateBody(certificate), isMessageSigned: true, isBase64Output: false,
      signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      signatureConfig: { prefix: 'ds', location: { reference: "/*[local-name(.)='LogoutRequest']/*[local-name(.)='Issuer']", action: 'after' } },
    } as never) as unknown as string;
  }
}
