// Reading a SAML message before any library sees it: the binding's encoding undone with a size
// limit (a deflate bomb stops at MAX_XML_BYTES), XML with a DOCTYPE (internal or external
// entities, the XXE family) refused outright, and the few fields needed to find the sender and
// check the request (issuer, ID, IssueInstant, Destination, ForceAuthn, IsPassive) read with
// @xmldom/xmldom, whose errors are fatal. Signatures are samlify's (xml-crypto) business; which
// element a signature covers is ours (signatureBoundToRoot): samlify takes any signature child of
// the root whatever its reference points to, so a signed request moved inside a forged one would
// lend its signature to the forgery's ID, NameID and IssueInstant (issue 31).
// @xmldom/xmldom is required on the first SAML message, not at start: only SAML uses it, and a
// server without SAML traffic keeps its code out of memory (docs/performance.md, issue 25).
// Synchronously (createRequire), so that parsing stays a plain function call for its callers.
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

type XmlDom = typeof import('@xmldom/xmldom');
let xmlDom: XmlDom | null = null;
const xmlDomModule = (): XmlDom => (xmlDom ??= createRequire(import.meta.url)('@xmldom/xmldom') as XmlDom);

export const MAX_XML_BYTES = 64 * 1024;
const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

export class SamlInputError extends Error {}

export type Binding = 'redirect' | 'post';

/** The XML of a SAMLRequest / SAMLResponse parameter: deflated + base64 (Redirect) or base64 (POST). */
export function decodeMessage(encoded: string, binding: Binding): string {
  if (encoded.length > MAX_XML_BYTES * 2 || !/^[A-Za-z0-9+/=\s_-]+$/.test(encoded)) throw new SamlInputError('not base64');
  const bytes = Buffer.from(encoded, 'base64');
  let xml: Buffer;
  try {
    xml = binding === 'redirect' ? zlib.inflateRawSync(bytes, { maxOutputLength: MAX_XML_BYTES }) : bytes;
  } catch {
    throw new SamlInputError('not deflated, or larger than allowed');
  }
  if (xml.length > MAX_XML_BYTES) throw new SamlInputError('larger than allowed');
  return xml.toString('utf8');
}

/** Refuses what no SAML message needs and every entity attack uses. */
export function refuseDoctype(xml: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new SamlInputError('XML with a DOCTYPE or entity declaration');
}

export interface MessageHead {
  kind: 'AuthnRequest' | 'LogoutRequest' | 'LogoutResponse' | 'Response';
  id: string;
  issuer: string;
  issueInstant: string;
  destination: string | null;
  forceAuthn: boolean;
  isPassive: boolean;
  acsUrl: string | null;
  nameId: string | null;
  sessionIndexes: string[];
  /** A response's InResponseTo (the request it answers), or null. */
  inResponseTo: string | null;
  /** True when the message carries an enveloped XML signature (a ds:Signature child of the root). */
  signed: boolean;
  /**
   * Why an XML signature in the message does not sign its root (then the message is refused as if
   * its signature were bad, whatever samlify says), or null: no signature, or one bound to the root.
   */
  signatureProblem: string | null;
}

export function parseDocument(xml: string): Document {
  refuseDoctype(xml);
  const { DOMParser } = xmlDomModule(); // outside the try: a missing module is not bad input
  try {
    const document = new DOMParser({
      onError: (level: string, message: string) => {
        if (level !== 'warning') throw new SamlInputError(`XML ${level}: ${message}`);
      },
    }).parseFromString(xml, 'text/xml') as unknown as Document;
    if (!document?.documentElement) throw new SamlInputError('no XML document');
    return document;
  } catch (error) {
    throw error instanceof SamlInputError ? error : new SamlInputError('XML that does not parse');
  }
}

export function messageHead(xml: string): MessageHead {
  const root = parseDocument(xml).documentElement;
  const kind = root.localName as MessageHead['kind'];
  if (root.namespaceURI !== PROTOCOL_NS || !['AuthnRequest', 'LogoutRequest', 'LogoutResponse', 'Response'].includes(kind)) {
    throw new SamlInputError('not a SAML 2.0 protocol message');
  }
  const children = (name: string, ns: string) => Array.from(root.childNodes as unknown as Element[]).filter((n) => n.nodeType === 1 && n.localName === name && n.namespaceURI === ns);
  const issuers = children('Issuer', ASSERTION_NS);
  if (issuers.length !== 1) throw new SamlInputError('a message names exactly one Issuer');
  const id = root.getAttribute('ID') ?? '';
  if (!/^[A-Za-z_][\w.-]{0,255}$/.test(id)) throw new SamlInputError('an ID that is not an xs:ID');
  const attr = (name: string) => (root.hasAttribute(name) ? root.getAttribute(name) : null);
  return {
    kind,
    id,
    issuer: (issuers[0]!.textContent ?? '').trim(),
    issueInstant: attr('IssueInstant') ?? '',
    destination: attr('Destination'),
    forceAuthn: attr('ForceAuthn') === 'true' || attr('ForceAuthn') === '1',
    isPassive: attr('IsPassive') === 'true' || attr('IsPassive') === '1',
    acsUrl: attr('AssertionConsumerServiceURL'),
    nameId: children('NameID', ASSERTION_NS)[0]?.textContent?.trim() ?? null,
    sessionIndexes: children('SessionIndex', PROTOCOL_NS).map((n) => (n.textContent ?? '').trim()),
    inResponseTo: attr('InResponseTo'),
    signed: children('Signature', DSIG_NS).length > 0,
    signatureProblem: kind === 'Response' ? null : signatureNotBoundToRoot(root, id),
  };
}

/**
 * An XML signature in a request from an SP must sign the request itself, so that every field read
 * from the root (ID, IssueInstant, Destination, NameID, SessionIndex, the ACS URL) is what was
 * signed: at most one ds:Signature in the whole message, a child of the root, with exactly one
 * Reference whose URI is "#" + the root's ID, and no other element carrying that ID (xml-crypto
 * would then have two candidates). The cryptography stays samlify's; this is only the binding.
 */
function signatureNotBoundToRoot(root: Element, id: string): string | null {
  const signatures = Array.from(root.getElementsByTagNameNS(DSIG_NS, 'Signature') as unknown as Element[]);
  if (signatures.length === 0) return null;
  if (signatures.length > 1 || signatures[0]!.parentNode !== root) return 'a signature that is not the message\'s own';
  const references = Array.from(signatures[0]!.getElementsByTagNameNS(DSIG_NS, 'Reference') as unknown as Element[]);
  if (references.length !== 1 || references[0]!.getAttribute('URI') !== `#${id}`) return 'a signature whose reference is not the message\'s root';
  const sameId = Array.from(root.getElementsByTagName('*') as unknown as Element[])
    .filter((element) => ['ID', 'Id', 'id'].some((name) => element.getAttribute(name) === id));
  return sameId.length > 0 ? 'an ID used twice in one message' : null;
}

/** The raw (still encoded) query parameters of a Redirect-binding message, in the order they were signed. */
export function signedOctets(rawUrl: string, parameter: 'SAMLRequest' | 'SAMLResponse'): string {
  const query = rawUrl.includes('?') ? rawUrl.slice(rawUrl.indexOf('?') + 1) : '';
  const parts = new Map(query.split('&').map((p) => [p.slice(0, p.indexOf('=') < 0 ? p.length : p.indexOf('=')), p]));
  return [parameter, 'RelayState', 'SigAlg'].map((name) => parts.get(name)).filter((p): p is string => p !== undefined).join('&');
}
