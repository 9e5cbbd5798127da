// fast-check arbitraries for hostile input: SQL and HTML fragments, bad UTF-8, huge numbers and
// strings, wrong types, prototype keys, duplicate parameters, broken bodies and headers.
import fc from 'fast-check';

const FRAGMENTS = [
  "' OR '1'='1", "'; DROP TABLE users; --", '1; SELECT pg_sleep(5)', '" OR ""="', 'admin\'--',
  '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', '//evil.example/x',
  'https://evil.example/', '../../etc/passwd', '%00', '\u0000', '\uFFFF', '\uD800', '𠮷野家', '\u202Eabc',
  '${7*7}', '{{7*7}}', '__proto__', 'constructor', 'prototype', 'null', 'undefined', 'NaN', 'Infinity',
  '-1', '0', '1e309', '99999999999999999999999999999', '9007199254740993', '0x1F', 'true', '[]', '{}',
  'zhangwei', 'ZHANGWEI ', '13800000001', '123456', '000000', '04', 'a'.repeat(5000), '1'.repeat(300),
];

const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 190, maxLength: 320 });

export const hostileText = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: hex },
  { weight: 1, arbitrary: hex.map((h) => `04${h}`) },
);

export const jsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(1e308, -0, Number.MAX_SAFE_INTEGER + 2, 2 ** 64) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(hostileText, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 5 }), hostileText, { maxKeys: 3 }) },
);

/** Name/value pairs; a name may repeat (duplicate parameters). */
export const pairs = (fields: string[]) => fc.array(
  fc.tuple(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: fc.constantFrom('extra', '__proto__', 'constructor', 'a[b]', '') }), jsonValue),
  { maxLength: 7 },
);

/** Bytes that are not valid UTF-8, and truncated or nested-too-deep documents. */
export const brokenBytes = fc.oneof(
  fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
  fc.constantFrom(
    Buffer.from([0xff, 0xfe, 0xfd]), Buffer.from([0xc3, 0x28]), Buffer.from([0xe2, 0x82]), Buffer.from('{"name": "zhang'),
    Buffer.from('{"__proto__": {"admin": true}}'), Buffer.from('{"constructor": {"prototype": {"x": 1}}}'),
    Buffer.from('['.repeat(5000)), Buffer.from('name=%E0%A4%A&pwd=%'), Buffer.from('a=1&a=2&a=3&a[]=4'),
  ),
);

export const rawQueries = fc.constantFrom('%', '%FF%FE', 'phone=%E0%A4%A', 'a=%00', '&&&', '=', 'phone=1&phone=2', 'ssoDomain=' + 'x'.repeat(3000));
