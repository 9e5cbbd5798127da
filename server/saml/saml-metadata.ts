// An SP's metadata as add-client --metadata takes it: from a file or an https URL (an http URL
// only on a loopback address, for tests), refused with the reason when it is not SAML 2.0 SP
// metadata samlify can use: no DOCTYPE, one entityID, an HTTP-POST assertion consumer service.
import fs from 'node:fs';
import { loadSamlify } from './saml-idp.ts';
import { parseDocument } from './saml-messages.ts';
import { SamlAdminMessages as M } from '../../contract/errors.ts';

const MAX_METADATA_BYTES = 256 * 1024;

async function fetchMetadata(url: URL): Promise<string> {
  const loopback = url.hostname === 'localhost' || /^127\./.test(url.hostname) || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new Error('a metadata URL must be https');
  const answer = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'error' });
  if (!answer.ok) throw new Error(`${url.href} answered HTTP ${answer.status}`);
  const text = await answer.text();
  if (text.length > MAX_METADATA_BYTES) throw new Error('metadata larger than 256 KB');
  return text;
}

/** Why pasted or read metadata is refused: an English reason for the CLI, a Chinese one for the console. */
export class SpMetadataError extends Error {
  constructor(message: string, readonly chinese: string) {
    super(message);
  }
}

/** The text of add-client --metadata: a file or an https URL (errors in English, for the CLI). */
export async function readSpMetadataSource(source: string): Promise<string> {
  const url = URL.parse(source);
  if (url && (url.protocol === 'https:' || url.protocol === 'http:')) return fetchMetadata(url);
  if (!fs.existsSync(source)) throw new Error(`no file ${source}`);
  if (fs.statSync(source).size > MAX_METADATA_BYTES) throw new Error('metadata larger than 256 KB');
  return fs.readFileSync(source, 'utf8');
}

/** What the console lists of an SP: its entityID and assertion consumer service URLs. */
export function describeSpMetadata(metadata: string): { entityId: string; acsUrls: string[] } {
  try {
    const document = parseDocument(metadata);
    const acs = document.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:metadata', 'AssertionConsumerService');
    const acsUrls: string[] = [];
    for (let i = 0; i < acs.length; i++) {
      const location = acs[i]!.getAttribute('Location');
      if (location) acsUrls.push(location);
    }
    return { entityId: document.documentElement.getAttribute('entityID') ?? '', acsUrls };
  } catch {
    return { entityId: '', acsUrls: [] };
  }
}

/**
 * Checks SP metadata as the administrator gave it (pasted in the console, or read by the CLI):
 * SAML 2.0 SP metadata samlify can use, no DOCTYPE, one entityID, an HTTP-POST assertion consumer service.
 */
export async function checkSpMetadata(metadata: string): Promise<{ metadata: string; entityId: string }> {
  if (Buffer.byteLength(metadata) > MAX_METADATA_BYTES) throw new SpMetadataError('metadata larger than 256 KB', M.metadataTooLarge);
  let document: Document;
  try {
    document = parseDocument(metadata);
  } catch (error) {
    if (/DOCTYPE/.test((error as Error).message)) {
      throw new SpMetadataError((error as Error).message, M.metadataDoctype);
    }
    throw new SpMetadataError((error as Error).message, M.metadataNotXml((error as Error).message));
  }
  if (document.documentElement.localName !== 'EntityDescriptor') {
    throw new SpMetadataError('not an EntityDescriptor (one SP per registration)', M.metadataNotEntityDescriptor);
  }
  if (document.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:metadata', 'SPSSODescriptor').length !== 1) {
    throw new SpMetadataError('no SPSSODescriptor', M.metadataNoSpDescriptor);
  }
  const samlify = await loadSamlify();
  let entityId: string | undefined;
  let acs: unknown[];
  try {
    const sp = samlify.ServiceProvider({ metadata });
    entityId = sp.entityMeta.getEntityID();
    acs = [sp.entityMeta.getAssertionConsumerService('post')].flat().filter(Boolean);
  } catch (error) {
    throw new SpMetadataError(`metadata samlify cannot read: ${(error as Error).message}`, M.metadataUnreadable);
  }
  if (!entityId) throw new SpMetadataError('no entityID', M.metadataNoEntityId);
  if (acs.length === 0) throw new SpMetadataError('no HTTP-POST AssertionConsumerService', M.metadataNoAcs);
  return { metadata, entityId };
}

export async function readSpMetadata(source: string): Promise<{ metadata: string; entityId: string }> {
  return checkSpMetadata(await readSpMetadataSource(source));
}
