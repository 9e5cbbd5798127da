// The peers' production builds, served the way a CDN serves them: brotli (quality 11) or gzip
// (level 9) by Accept-Encoding, compressed once and kept (like our precompressed dist/ files),
// so every widget travels compressed the same way. Auth0 Lock's npm package ships no build: the
// CDN's lock.min.js is its lib/browser.js bundled and minified, which esbuild does here once.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MODULES = path.join(ROOT, 'node_modules');

const versionOf = (name: string): string => (JSON.parse(fs.readFileSync(path.join(MODULES, name, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * Descope's CDN paths (descopecdn.com/npm/<package>@<version>/...): the page loads the web
 * component from there, and the component loads @descope/web-components-ui's UMD build (and the
 * webpack chunks it pulls in, next to it) from <base-cdn-url>/npm/<package>@<componentsVersion of
 * the project's config.json>/dist/umd/index.js.
 */
export const DESCOPE_WC_PATH = `/npm/@descope/web-component@${versionOf('@descope/web-component')}/dist/`;
export const DESCOPE_UI_VERSION = versionOf('@descope/web-components-ui');
export const DESCOPE_UI_PATH = `/npm/@descope/web-components-ui@${DESCOPE_UI_VERSION}/dist/umd/`;

/** URL prefix -> folder of the vendor's published build. */
const VENDOR_DIRS: Record<string, string> = {
  '/vendor/okta/': path.join(MODULES, '@okta', 'okta-signin-widget', 'dist'),
  '/vendor/authing/': path.join(MODULES, '@authing', 'guard', 'dist'),
  [DESCOPE_WC_PATH]: path.join(MODULES, '@descope', 'web-component', 'dist'),
  [DESCOPE_UI_PATH]: path.join(MODULES, '@descope', 'web-components-ui', 'dist', 'umd'),
};

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};

export interface VendorFile {
  type: string;
  raw: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

export function compressed(raw: Buffer, type: string): VendorFile {
  const text = /^(text|application\/json|image\/svg)/.test(type);
  return {
    type,
    raw,
    gzip: text ? gzipSync(raw, { level: 9 }) : raw,
    brotli: text ? brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : raw,
  };
}

const LOCK_DIR = path.join(MODULES, 'auth0-lock');

/**
 * Lock fetches its English dictionary from Auth0's CDN at start (js/lock/<version>/en.js, a
 * script calling Auth0.registerLanguageDictionary); the CDN file is the package's lib/i18n/en.js.
 */
export function auth0LockLanguageScript(): { urlPath: string; body: Buffer } {
  const require = createRequire(import.meta.url);
  const version = (require(path.join(LOCK_DIR, 'package.json')) as { version: string }).version;
  const english = (require(path.join(LOCK_DIR, 'lib', 'i18n', 'en.js')) as { default: unknown }).default;
  return {
    urlPath: `/auth0-cdn/js/lock/${version}/en.js`,
    body: Buffer.from(`Auth0.registerLanguageDictionary('en', ${JSON.stringify(english)});\n`),
  };
}

async function buildAuth0Lock(): Promise<Buffer> {
  const result = await build({
    entryPoints: [path.join(MODULES, 'auth0-lock', 'lib', 'browser.js')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2018',
    platform: 'browser',
    // Lock's webpack build resolves require('auth0-js') to its ES build (webpack's main fields);
    // the UMD "main" of that "type": "module" package would export nothing here.
    plugins: [
      {
        name: 'auth0-js-es-build',
        setup(on) {
          on.onResolve({ filter: /^auth0-js$/ }, () => ({ path: path.join(MODULES, 'auth0-js', 'dist', 'auth0.min.esm.js') }));
          // One React for Lock and its UI dependencies: Lock's own copy (as its build has one).
          on.onResolve({ filter: /^(react|react-dom)(\/.*)?$/ }, (args) =>
            args.resolveDir.startsWith(LOCK_DIR) ? undefined : on.resolve(args.path, { kind: args.kind, resolveDir: LOCK_DIR }),
          );
        },
      },
    ],
    define: { 'process.env.NODE_ENV': '"production"', global: 'window' },
    write: false,
    logLevel: 'error',
  });
  return Buffer.from(result.outputFiles[0]!.contents);
}

export class VendorFiles {
  private readonly cache = new Map<string, VendorFile | null>();

  static async create(): Promise<VendorFiles> {
    const files = new VendorFiles();
    files.cache.set('/vendor/auth0/lock.min.js', compressed(await buildAuth0Lock(), TYPES['.js']!));
    const language = auth0LockLanguageScript();
    files.cache.set(language.urlPath, compressed(language.body, TYPES['.js']!));
    return files;
  }

  /** The file for a URL path, or null when it is not a vendor file. */
  get(urlPath: string): VendorFile | null {
    if (this.cache.has(urlPath)) return this.cache.get(urlPath)!;
    let found: VendorFile | null = null;
    for (const [prefix, dir] of Object.entries(VENDOR_DIRS)) {
      if (!urlPath.startsWith(prefix)) continue;
      const file = path.resolve(dir, decodeURIComponent(urlPath.slice(prefix.length)));
      if (file.startsWith(dir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        found = compressed(fs.readFileSync(file), TYPES[path.extname(file)] ?? 'application/octet-stream');
      }
    }
    this.cache.set(urlPath, found);
    return found;
  }

  /** Compresses a page's main files before the first measured load (as a CDN has them ready). */
  warm(paths: string[]): void {
    for (const p of paths) this.get(p);
  }
}
