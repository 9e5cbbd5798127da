// An SP's metadata as add-client --metadata takes it: from a file or an https URL (an http URL
// only on a loopback address, for tests), refused with the reason when it is not SAML 2.0 SP
// metadata samlify can use: no DOCTYPE, one entityID, an HTTP-POST assertion consumer service.
import fs from 'node:fs';
import { loadSamlify } from './saml-idp.ts';
import { parseDocument } from './saml-messages.ts';

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

export async function readSpMetadata(source: string): Promise<{ metadata: string; entityId: string }> {
  const url = URL.parse(source);
  let metadata: string;
  if (url && (url.protocol === 'https:' || url.protocol === 'http:')) metadata = await fetchMetadata(url);
  else {
    if (!fs.existsSync(source)) throw new Error(`no file ${source}`);
    if (fs.statSync(source).size > MAX_METADATA_BYTES) throw new Error('metadata larger than 256 KB');
    metadata = fs.readFileSync(source, 'utf8');
  }
  const document = parseDocument(metadata);
  if (document.documentElement.localName !== 'EntityDescriptor') throw new Error('not an EntityDescriptor (one SP per registration)');
  if (document.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:metadata', 'SPSSODescriptor').length !== 1) throw new Error('no SPSSODescriptor');
  const samlify = await loadSamlify();
  const sp = samlify.ServiceProvider({ metadata });
  const entityId = sp.entityMeta.getEntityID();
  if (!entityId) throw new Error('no entityID');
  const acs = [sp.entityMeta.getAssertionConsumerService('post')].flat().filter(Boolean);
  if (acs.length === 0) throw new Error('no HTTP-POST AssertionConsumerService');
  return { metadata, entityId };
}
