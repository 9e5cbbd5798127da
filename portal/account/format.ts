// How the account page names devices, addresses, sign-in methods and results.
import { methodName } from '../admin/sign-in-methods.ts';
import { FormatText } from './account.messages.ts';

export { formatTime } from '../admin/format.ts';

/** "Chrome · Windows" from a user agent; the raw text stays in the title. */
export function deviceName(userAgent: string): string {
  if (!userAgent) return FormatText.unknownDevice;
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /Firefox\//.test(userAgent) ? 'Firefox'
    : /Chrome\/|Chromium\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari'
    : /MicroMessenger/.test(userAgent) ? FormatText.wechat : userAgent.split(/[\s/]/)[0] || FormatText.browser;
  const system = /Windows/.test(userAgent) ? 'Windows' : /Android/.test(userAgent) ? 'Android'
    : /iPhone|iPad/.test(userAgent) ? 'iOS' : /Mac OS X|Macintosh/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : '';
  return system ? `${browser} · ${system}` : browser;
}

/**
 * Where an address is: this computer, the company network, the server's 省份 城市 运营商 for a
 * public address (`place`, server/account/ip-place.ts), or the address itself when unknown.
 */
export function placeOf(ip: string, place: string | null = null): string {
  if (!ip) return FormatText.unknownPlace;
  const v4 = ip.replace(/^::ffff:/, '');
  if (v4 === '127.0.0.1' || ip === '::1') return FormatText.thisComputer(ip);
  if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(v4) || /^f[cd]/i.test(ip)) return FormatText.companyNetwork(v4);
  return place ? FormatText.placed(place, v4) : v4;
}

export { methodName };

// The same names as the console's audit (one table, checked against every value the server writes).
export { signInResultName as resultName } from '../admin/audit.messages.ts';
