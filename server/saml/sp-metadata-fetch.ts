// Fetching an SP's metadata from the URL an administrator gives (the CLI's add-client --metadata
// <URL>, the console's 获取 button): the server makes the request, so the rules keep it from being a
// way into places the administrator's own browser cannot reach.
// - https; plain http only outside production and only to this machine (tests, a local SP).
// - The addresses the server's own requests may reach are one rule, the back-channel's
//   (oidc/backchannel-guard.ts, review finding 6): link-local, cloud metadata and unspecified
//   addresses never; private, loopback and other special-use ones only as SSO_OIDC_BACKCHANNEL_ALLOW
//   lists them (by default the private ranges intranet SPs live on, and loopback); and here, in
//   production, never loopback. Checked on every address the name resolves to, at connect time;
//   the connection goes to the address checked (no second resolution a DNS answer could change).
// - No redirect followed, 10 s in all, 256 KB at most (counted while reading, the answer cut off
//   past it), and nothing of a refused answer is shown: the caller gets only metadata that passed
//   checkSpMetadata, or a reason.
import http from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import net from 'node:net';
import { SamlAdminMessages as M } from '../../contract/errors.ts';
import { MAX_SP_METADATA_BYTES, SpMetadataError } from './saml-metadata-error.ts';
import { backchannelAddressCheck } from '../oidc/index.ts';

const FETCH_TIMEOUT_MS = 10_000;

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address. */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: net.isIPv4(address) ? 'ipv4' : 'ipv6' };
}

export function isLoopbackAddress(address: string): boolean {
  const plain = plainAddress(address);
  return LOOPBACK.check(plain.address, plain.family);
}

export interface FetchRules {
  production: boolean;
  /** SSO_OIDC_BACKCHANNEL_ALLOW (config.oidcBackchannelAllow). */
  allow: readonly string[];
}

/** Whether the server may connect to this address for metadata. */
export function mayFetchFrom(address: string, rules: FetchRules): boolean {
  const plain = plainAddress(address);
  if (rules.production && LOOPBACK.check(plain.address, plain.family)) return false;
  return backchannelAddressCheck(rules.allow)(plain.address);
}

const hostOf = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

const refuse = (english: string, chinese: string): SpMetadataError => new SpMetadataError(english, chinese);

/** The URL's checks before any connection: scheme, credentials, an address written in it. */
function checkedUrl(source: string, rules: FetchRules): URL {
  const url = URL.parse(source);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    throw refuse('a metadata URL must be a full https URL', M.metadataUrlBad);
  }
  const host = hostOf(url);
  const loopbackName = host === 'localhost' || (net.isIP(host) !== 0 && isLoopbackAddress(host));
  if (url.protocol === 'http:' && (rules.production || !loopbackName)) {
    throw refuse('a metadata URL must be https (plain http only to this machine, outside production)', M.metadataUrlHttpsOnly);
  }
  if (net.isIP(host) !== 0 && !mayFetchFrom(host, rules)) throw refuse(`the server does not fetch from ${host}`, M.metadataUrlForbidden);
  return url;
}

/** dns.lookup, refusing a name any of whose addresses is not to be fetched from. */
function guardedLookup(rules: FetchRules): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as dns.LookupAddress[];
      const bad = list.find((a) => !mayFetchFrom(a.address, rules));
      if (bad || list.length === 0) {
        return callback(Object.assign(new Error(`${hostname} resolves to ${bad?.address ?? 'nothing'}`), { code: 'SSO_FORBIDDEN_ADDRESS' }), '', 0);
      }
      if (options.all) return callback(null, list as unknown as string, 0);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** The metadata text at `source` (https), under the rules above; refusals carry English and Chinese. */
export async function fetchSpMetadata(source: string, rules: FetchRules): Promise<string> {
  const url = checkedUrl(source, rules);
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<string>((resolve, reject) => {
    const request = client.get(url, { signal, lookup: guardedLookup(rules), headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml' } }, (answer) => {
      const status = answer.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        answer.resume();
        return reject(refuse(`${url.href} answered a redirect (HTTP ${status}); give the final URL`, M.metadataFetchRedirect));
      }
      if (status !== 200) {
        answer.resume();
        return reject(refuse(`${url.href} answered HTTP ${status}`, M.metadataFetchStatus(status)));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      answer.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_SP_METADATA_BYTES) {
          answer.destroy();
          return reject(refuse('metadata larger than 256 KB', M.metadataTooLarge));
        }
        chunks.push(chunk);
      });
      answer.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      answer.on('error', (error) => reject(failure(error, url)));
    });
    request.on('error', (error) => reject(failure(error, url)));
  });
}

function failure(error: Error & { code?: string }, url: URL): SpMetadataError {
  if (error instanceof SpMetadataError) return error;
  if (error.code === 'SSO_FORBIDDEN_ADDRESS') return refuse(`the server does not fetch from ${error.message}`, M.metadataUrlForbidden);
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return refuse(`${url.href} did not answer within 10 s`, M.metadataFetchTimeout);
  return refuse(`${url.href}: ${error.message}`, M.metadataFetchUnreachable);
}
