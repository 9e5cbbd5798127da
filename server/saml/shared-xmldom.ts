// samlify and the two XML libraries it signs and encrypts with (xml-crypto, @authenio/xml-encryption)
// each depend on @xmldom/xmldom 0.8, and npm gives each its own copy (the portal's own 0.9 holds the
// top-level place), so loading samlify evaluated the same DOM library three times: 1.7 MB resident
// each (docs/performance.md, "Memory"). When their copies are the very same version, the two
// libraries' require('@xmldom/xmldom') is answered with samlify's copy: one module, the one version
// all three ask for. Different versions (a later install) are left as npm placed them.
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';

const SHARING = /[\\/]node_modules[\\/](?:xml-crypto|@authenio[\\/]xml-encryption)[\\/]/;

type Resolve = (request: string, parent: { filename?: string | null } | undefined, ...rest: unknown[]) => string;

let installed = false;

const versionAt = (entry: string): string | null => {
  for (let dir = path.dirname(entry); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const { name, version } = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (name === '@xmldom/xmldom') return version ?? null;
    }
  }
  return null;
};

/** Call before samlify is first loaded (saml-idp.ts). */
export function shareSamlifyXmlDom(): void {
  if (installed) return;
  installed = true;
  const fromSamlify = createRequire(createRequire(import.meta.url).resolve('samlify'));
  const shared = fromSamlify.resolve('@xmldom/xmldom');
  const sharedVersion = versionAt(shared);
  const loader = Module as unknown as { _resolveFilename: Resolve };
  const resolve = loader._resolveFilename;
  const same = new Map<string, boolean>();
  loader._resolveFilename = function sharedXmlDom(this: unknown, request, parent, ...rest) {
    const resolved = resolve.call(this, request, parent, ...rest);
    if (request !== '@xmldom/xmldom' || !parent?.filename || !SHARING.test(parent.filename) || resolved === shared) return resolved;
    if (!same.has(resolved)) same.set(resolved, sharedVersion !== null && versionAt(resolved) === sharedVersion);
    return same.get(resolved) ? shared : resolved;
  };
}
