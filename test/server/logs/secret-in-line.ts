// Whether a secret shows up in one JSON log line. Long secrets (passwords, ciphertexts, cookie
// values, keys) are searched as plain substrings: nothing else in a line can contain them by chance.
// A 6-digit SMS code can: inside the epoch-ms `time`, a `responseTime` like 3.883763999, a pid or a
// hex run of the request id. So an all-digit secret counts only as a whole token of a string value
// (or key), i.e. not touching another letter or digit, or as a number value equal to it, outside
// the numbers the logger stamps on every line by itself.
const LOGGER_STAMPED_NUMBERS = new Set(['time', 'pid', 'level', 'responseTime']);

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function wholeTokenIn(text: string, token: string): boolean {
  return new RegExp(`(?<![0-9A-Za-z])${escapeRegExp(token)}(?![0-9A-Za-z])`).test(text);
}

function digitsLeakIn(value: unknown, digits: string, key: string | null): boolean {
  if (typeof value === 'string') return wholeTokenIn(value, digits);
  if (typeof value === 'number') return String(value) === digits && !(key !== null && LOGGER_STAMPED_NUMBERS.has(key));
  if (Array.isArray(value)) return value.some((item) => digitsLeakIn(item, digits, null));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => wholeTokenIn(k, digits) || digitsLeakIn(v, digits, k));
  }
  return false;
}

export function secretInLine(line: string, secret: string): boolean {
  if (!/^\d+$/.test(secret)) return line.includes(secret);
  return digitsLeakIn(JSON.parse(line) as unknown, secret, null);
}
