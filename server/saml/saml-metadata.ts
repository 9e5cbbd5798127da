// An SP's metadata as add-client --metadata takes it: from a file or an https URL (fetched by
// sp-metadata-fetch.ts, as the console's 获取 does), refused with the reason when it is not SAML 2.0 SP
// metadata samlify can use: no DOCTYPE, one entityID, an HTTP-POST assertion consumer service.
import fs from 'node:fs';
import { loadSamlify } from './saml-idp.ts';
import { parseDocument } from './saml-messages.ts';
import { SamlAdminMessages as M } from '../../contract/errors.ts';
import { MAX_SP_METADATA_BYTES, SpMetadataError } from './saml-metadata-error.ts';
import { fetchSpMetadata, type FetchRules } from './sp-metadata-fetch.ts';

export { SpMetadataError } from './saml-metadata-error.ts';

/** The text of add-client --metadata: a file or an https URL (errors in English, for the CLI; fetched as the console does). */
export async function readSpMetadataSource(source: string, rules: FetchRules): Promise<string> {
  const url = URL.parse(source);
  if (url && (url.protocol === 'https:' || url.protocol === 'http:')) return fetchSpMetadata(source, rules);
  if (!fs.existsSync(source)) throw new Error(`no file ${source}`);
  if (fs.statSync(source).size > MAX_SP_METADATA_BYTES) throw new Error('metadata larger than 256 KB');
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
  if (Buffer.byteLength(metadata) > MAX_SP_METADATA_BYTES) throw new SpMetadataError('metadata larger than 256 KB', M.metadataTooLarge);
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

export async function readSpMetadata(source: string, rules: FetchRules): Promise<{ metadata: string; entityId: string }> {
  return checkSpMetadata(await readSpMetadataSource(source, rules));
}

/**
 * The console's 获取: the metadata at `url` (fetched under sp-metadata-fetch.ts's rules) once it
 * passes the same checks as pasted metadata. A refusal names the reason; it never shows what the
 * address answered (the server's request must not become a way to read other pages): text that is
 * not XML is only "not readable metadata".
 */
export async function fetchCheckedSpMetadata(url: string, rules: FetchRules): Promise<{ metadata: string; entityId: string }> {
  const text = await fetchSpMetadata(url, rules);
  try {
    return await checkSpMetadata(text);
  } catch (error) {
    if (error instanceof SpMetadataError && error.chinese.startsWith(M.metadataNotXml(''))) throw new SpMetadataError(error.message, M.metadataUnreadable);
    throw error;
  }
}
