// Where an address is, for the account page's sessions and sign-ins (issue 21, "place by IP"):
// 省份 城市 运营商 from ip2region's offline database (lionsoul2014/ip2region, the v1 .db file as
// the npm package @imaegoo/node-ip2region ships it, data of 2022-08; IPv4 only). The file (8.7 MB)
// is never read into memory: the first lookup opens it (only its 8 KB header is read) and each
// lookup is a binary search of some twenty 12-byte reads of the file, well under a millisecond.
// Loopback, private and other special addresses are not looked up (the portal says 本机 / 内网
// from the address itself); an address the database does not place answers null (the portal shows
// the address as it is). The answer never fails a request: a missing or broken file is logged once
// and every place is null from then on.
import { createRequire } from 'node:module';

interface Searcher {
  binarySearchSync(ip: string): { city: number; region: string } | null;
}

/** null: not opened yet; false: could not be opened (logged once). */
let searcher: Searcher | null | false = null;

function open(warn: (error: unknown) => void): Searcher | false {
  if (searcher !== null) return searcher;
  try {
    // Loaded on first use and left out of the server bundle: the package finds nothing itself, the
    // file's path is resolved here (node_modules beside dist/server or server/).
    const load = createRequire(import.meta.url);
    const IP2Region = load('@imaegoo/node-ip2region') as { create(dbPath: string): Searcher };
    searcher = IP2Region.create(load.resolve('@imaegoo/node-ip2region/data/ip2region.db'));
  } catch (error) {
    warn(error);
    searcher = false;
  }
  return searcher;
}

/** The IPv4 address of `ip` (also of an IPv4-mapped IPv6 address), or null. */
function ipv4Of(ip: string): number[] | null {
  const v4 = ip.replace(/^::ffff:/i, '');
  const parts = v4.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) return null;
  return parts.map(Number);
}

/** Loopback, private, link-local, CGNAT, multicast, reserved: nothing a location database places. */
function isSpecial([a, b]: number[]): boolean {
  return a === 0 || a === 10 || a === 127 || a! >= 224
    || (a === 100 && b! >= 64 && b! <= 127) || (a === 169 && b === 254)
    || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168) || (a === 198 && (b === 18 || b === 19));
}

const known = (field: string | undefined): string => (field && field !== '0' ? field : '');

/**
 * "广东省 深圳市 电信" for a public IPv4 address the database places; "美国" abroad (the database
 * knows only the country there); null for a special or IPv6 address, or one it does not know.
 */
export function placeOfAddress(ip: string, warn: (error: unknown) => void = () => undefined): string | null {
  const octets = ipv4Of(ip);
  if (!octets || isSpecial(octets)) return null;
  const found = open(warn);
  if (!found) return null;
  let region: string;
  try {
    region = found.binarySearchSync(octets.join('.'))?.region ?? '';
  } catch (error) {
    warn(error);
    return null;
  }
  // 国家|区域|省份|城市|运营商, "0" where unknown.
  const [country = '', , province = '', city = '', isp = ''] = region.split('|').map(known);
  if (!country || country === '内网IP' || country === '保留') return null;
  const where: string[] = country === '中国'
    ? [city && province && city.startsWith(province) ? '' : province, city].filter(Boolean)
    : [country];
  return [...(where.length > 0 ? where : [country]), ...(isp && isp !== '内网IP' ? [isp] : [])].join(' ');
}

/** The places of several addresses (each looked up once). */
export function placesOf(ips: Iterable<string>, warn?: (error: unknown) => void): Map<string, string | null> {
  const places = new Map<string, string | null>();
  for (const ip of ips) if (!places.has(ip)) places.set(ip, placeOfAddress(ip, warn));
  return places;
}
