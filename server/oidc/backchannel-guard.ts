// Where the provider's own requests (back-channel logout tokens) may go (review finding 6).
// oidc-provider refuses every loopback and private address, which would stop single logout to
// every intranet app; the portal used to lift that guard for registered back-channel URIs
// altogether. Now every request of the provider goes through one check of the address the
// connection actually reached (after DNS, so a name that resolves elsewhere later is caught too):
// - link-local addresses and cloud metadata endpoints (169.254.0.0/16, fe80::/10, fd00:ec2::254)
//   and unspecified ones (0.0.0.0/8, ::) are always refused, whatever the configuration says;
// - other private, loopback and special-use addresses only when SSO_OIDC_BACKCHANNEL_ALLOW lists
//   them (CIDR ranges; default the RFC 1918 ranges, loopback and IPv6 unique-local addresses);
// - public addresses always.
import net from 'node:net';

export class BackchannelAllowError extends Error {}

/** Private ranges intranet apps live on, allowed unless SSO_OIDC_BACKCHANNEL_ALLOW says otherwise. */
export const DEFAULT_BACKCHANNEL_ALLOW: readonly string[] = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '127.0.0.0/8', '::1/128', 'fc00::/7'];

const ALWAYS_REFUSED = ['169.254.0.0/16', 'fe80::/10', 'fd00:ec2::254/128', '0.0.0.0/8', '::/128'];

/** Not the public internet (as oidc-provider's list): reachable only when allowed. */
const SPECIAL_USE = [
  '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '172.16.0.0/12', '192.0.0.0/24', '192.0.2.0/24', '192.31.196.0/24',
  '192.52.193.0/24', '192.88.99.0/24', '192.168.0.0/16', '192.175.48.0/24', '198.18.0.0/15', '198.51.100.0/24',
  '203.0.113.0/24', '224.0.0.0/3',
  '::1/128', '64:ff9b::/96', '64:ff9b:1::/48', '100::/64', '2001::/23', '2001:db8::/32', '2002::/16', '3fff::/20',
  '5f00::/16', 'fc00::/7', 'ff00::/8',
];

function parseRange(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [address, bits, extra] = entry.trim().split('/');
  const version = address ? net.isIP(address) : 0;
  if (extra !== undefined || version === 0) return null;
  const max = version === 4 ? 32 : 128;
  if (bits !== undefined && !/^\d{1,3}$/.test(bits)) return null;
  const prefix = bits === undefined ? max : Number(bits);
  return prefix <= max ? { address: address!, prefix, family: version === 4 ? 'ipv4' : 'ipv6' } : null;
}

function blockList(ranges: readonly string[]): net.BlockList {
  const list = new net.BlockList();
  for (const range of ranges) {
    const parsed = parseRange(range)!;
    list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return list;
}

/** SSO_OIDC_BACKCHANNEL_ALLOW: comma-separated addresses or CIDR ranges; unset: the default list. */
export function parseBackchannelAllow(raw: string | undefined): string[] {
  if (raw === undefined || raw.trim() === '') return [...DEFAULT_BACKCHANNEL_ALLOW];
  if (/^(none|-)$/i.test(raw.trim())) return [];
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  const bad = entries.filter((e) => parseRange(e) === null);
  if (bad.length) throw new BackchannelAllowError(`SSO_OIDC_BACKCHANNEL_ALLOW: "${bad.join(', ')}" is not an address or CIDR range (e.g. 10.0.0.0/8,fd12:3456::/48; "none" for no private address)`);
  return entries;
}

const refused = blockList(ALWAYS_REFUSED);
const specialUse = blockList(SPECIAL_USE);

const familyOf = (address: string): 'ipv4' | 'ipv6' => (net.isIPv4(address) ? 'ipv4' : 'ipv6');

/** Answers whether the provider may talk to `address` (an IP the connection reached). */
export function backchannelAddressCheck(allow: readonly string[]): (address: string) => boolean {
  const allowed = blockList(allow);
  return (address) => {
    const family = familyOf(address);
    if (refused.check(address, family)) return false;
    if (!specialUse.check(address, family)) return true;
    return allowed.check(address, family);
  };
}

interface ConnectEmitter {
  on(event: 'connect', listener: (origin: unknown, targets: object[]) => void): unknown;
}

type AgentClass = new () => ConnectEmitter;

function socketOf(target: object): net.Socket | undefined {
  const symbol = Object.getOwnPropertySymbols(target).find((s) => s.description === 'socket');
  return symbol === undefined ? undefined : (target as Record<symbol, net.Socket | undefined>)[symbol];
}

/**
 * An undici dispatcher (the Agent class fetch uses: taken from the one oidc-provider hands its
 * fetch) whose every new connection is checked against `allows` and destroyed before any request
 * is written to it when the address is not allowed.
 */
export function guardedDispatcher(Agent: AgentClass, allows: (address: string) => boolean, onRefused: (address: string) => void): ConnectEmitter {
  const agent = new Agent();
  agent.on('connect', (_origin, targets) => {
    const socket = socketOf(targets[targets.length - 1]!);
    const address = socket?.remoteAddress;
    if (!socket || address === undefined || allows(address)) return;
    onRefused(address);
    socket.destroy(new Error(`back-channel target ${address} is not allowed (SSO_OIDC_BACKCHANNEL_ALLOW)`));
  });
  return agent;
}
