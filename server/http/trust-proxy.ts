// SSO_TRUST_PROXY: which X-Forwarded-For hops to believe. "true" (believe every hop) is refused:
// the left-most entries are whatever the client wrote, so anyone could pick their own IP and walk
// past every per-IP limit. A deployment says how many proxies stand in front of the portal, or
// which addresses they have; Fastify then takes the client IP from the first hop that is not one.
import net from 'node:net';

export type TrustProxy = false | number | string[];

export class TrustProxyError extends Error {}

const HOW_TO = 'write the number of reverse proxies in front of the portal (e.g. SSO_TRUST_PROXY=1) '
  + 'or their addresses / CIDR ranges (e.g. SSO_TRUST_PROXY=127.0.0.1,10.0.0.0/8)';

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const version = net.isIP(address);
  if (version === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (version === 4 ? 32 : 128);
}

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || /^(0|false|no)$/i.test(value)) return false;
  if (/^(true|yes)$/i.test(value)) {
    throw new TrustProxyError(`SSO_TRUST_PROXY=${value} would believe every X-Forwarded-For hop, so clients could choose their own IP; ${HOW_TO}`);
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new TrustProxyError(`SSO_TRUST_PROXY=${value}: at most 10 proxy hops; ${HOW_TO}`);
    return hops;
  }
  const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (entries.length === 0 || bad.length > 0) {
    throw new TrustProxyError(`SSO_TRUST_PROXY: "${bad.join(', ') || value}" is not an address or CIDR range; ${HOW_TO}`);
  }
  return entries;
}

/** The value for Fastify's trustProxy: a hop count becomes "trust the first n hops from the socket". */
export function fastifyTrustProxy(setting: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
