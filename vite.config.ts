// The portal and the demo page (dist/portal). `vite` serves the portal with /api proxied to the
// API server; `vite --mode demo` serves the demo page at / instead. In both, the portal answers
// every path but its own files (spec: any other path shows the login page).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { transform } from 'esbuild';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import type { Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { widgetBuildDefines } from './widget/build-defines.ts';
import { widgetChunks } from './widget/build-chunks.ts';
import { firstPaintCss, firstPaintElementHtml } from './widget/sso-login/first-paint/first-paint-html.ts';

const root = import.meta.dirname;
const apiTarget = process.env.SSO_URL || 'http://localhost:8080';

/** Dev server: HTML navigations go to the portal page (or the demo page in demo mode). */
function portalFallback(demo: boolean): Plugin {
  return {
    name: 'portal-fallback',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const url = new URL(req.url ?? '/', 'http://dev');
        const wantsHtml = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
        const isOwnFile = /^\/(@|portal\/|demo\/|widget\/|node_modules\/|src\/|api\/)/.test(url.pathname) || /\.[a-z0-9]+$/i.test(url.pathname);
        if (wantsHtml && (url.pathname === '/demo' || url.pathname === '/demo/' || (demo && url.pathname === '/'))) {
          req.url = `/demo/index.html${url.search}`;
        } else if (wantsHtml && !isOwnFile) {
          req.url = `/portal/index.html${url.search}`;
        }
        next();
      });
    },
  };
}

const EMPTY_MAIN = '<main id="portal" class="portal-main"></main>';

/**
 * The login form in the portal's first HTML response (docs/performance.md, "The login form in the
 * first HTML"): the loader's first paint written into <main id="portal"> from the same code
 * (first-paint-html.ts), and its look, with the host page's own rules, as one <style> in the head.
 * Inline, not a linked file: a linked stylesheet holds the first frame back by one more request,
 * which on a busy server queued behind the scripts (263 ms of a 300 ms form). The strict CSP still
 * allows no inline style but this one: the server adds the sha256 of each <style> of the built page
 * to the page's style-src (portalAtRoot writes page-policy.json, server/http/portal-page.ts reads it).
 */
function portalFirstPaint(): Plugin {
  let css = '';
  return {
    name: 'portal-first-paint',
    async configResolved() {
      // The host page's few rules (portal/portal.css) go in the same sheet.
      const portalCss = readFileSync(resolve(root, 'portal/portal.css'), 'utf8');
      css = (await transform(`${portalCss}\n${firstPaintCss()}`, { loader: 'css', minify: true, target: 'es2022' })).code.trim();
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.filename.endsWith('portal/index.html') || context.filename.includes('/demo/')) return html;
        if (!html.includes(EMPTY_MAIN)) throw new Error(`portal/index.html has no ${EMPTY_MAIN} for the first paint`);
        return {
          html: html.replace(EMPTY_MAIN, EMPTY_MAIN.replace('</main>', `${firstPaintElementHtml()}</main>`)),
          tags: [...startPreloads(context.chunk, context.bundle), { tag: 'style', children: css, injectTo: 'head' }],
        };
      },
    },
  };
}

/**
 * <link rel="modulepreload"> for the portal's start (portal/portal-start.tsx) and every chunk it
 * imports statically. The entry (portal/main.ts) imports the start with import() after the sent
 * form's first frame, so the bundler does not preload it; without these links its files would be
 * asked for only then, one round trip before the form is taken over.
 */
function startPreloads(entry: Rollup.OutputChunk | undefined, bundle: Rollup.OutputBundle | undefined): HtmlTagDescriptor[] {
  if (!entry || !bundle) return []; // the dev server: no chunks
  const start = entry.dynamicImports.find((file) => {
    const chunk = bundle[file];
    return chunk?.type === 'chunk' && /[\\/]portal[\\/]portal-start\.tsx$/.test(chunk.facadeModuleId ?? '');
  });
  if (!start) throw new Error('the portal entry does not import portal/portal-start.tsx with import()');
  const files: string[] = [];
  const visit = (file: string): void => {
    const chunk = bundle[file];
    if (files.includes(file) || entry.imports.includes(file) || chunk?.type !== 'chunk') return;
    files.push(file);
    chunk.imports.forEach(visit);
  };
  visit(start);
  return files.map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' }));
}

/** The CSP source of each <style> element's text in `html` ('sha256-…', as the browser hashes it). */
function styleHashes(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => `sha256-${createHash('sha256').update(match[1]!).digest('base64')}`);
}

/**
 * Build: the portal page sits at dist/portal/index.html, the demo at dist/portal/demo/index.html.
 * The same page without the login form is dist/portal/shell.html: the server answers the paths that
 * show no login form with it (/home, /admin, /account: server/http/portal-page.ts). page-policy.json
 * holds the sha256 of the pages' one inline <style>, which the server allows in their CSP.
 */
function portalAtRoot(): Plugin {
  return {
    name: 'portal-at-root',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['portal/index.html'];
      if (!page || page.type !== 'asset') return;
      delete bundle['portal/index.html'];
      const source = String(page.source);
      const form = firstPaintElementHtml();
      if (!source.includes(form)) throw new Error('dist/portal/index.html lost its first paint');
      this.emitFile({ type: 'asset', fileName: 'index.html', source });
      this.emitFile({ type: 'asset', fileName: 'shell.html', source: source.replace(form, '') });
      // The hashes the server puts in the pages' style-src (server/http/portal-page.ts).
      this.emitFile({ type: 'asset', fileName: 'page-policy.json', source: JSON.stringify({ styleHashes: styleHashes(source) }) });
    },
  };
}

export default defineConfig(({ mode }) => ({
  root,
  appType: 'mpa',
  define: widgetBuildDefines(),
  publicDir: resolve(root, 'portal/public'),
  plugins: [react(), portalFallback(mode === 'demo'), portalFirstPaint(), portalAtRoot(), widgetChunks({ preloadHelperAlone: true })],
  server: {
    // The API, the app icons the server stores and the built custom-elements.json; the login
    // backdrops come from portal/public.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/assets/apps': { target: apiTarget, changeOrigin: false },
      // The demo page's element reference reads the built manifest the API server serves.
      '/widget/custom-elements.json': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: resolve(root, 'dist/portal'),
    emptyOutDir: true,
    target: 'es2022',
    // Every browser the widget supports knows <link rel="modulepreload">: no polyfill file to wait for.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // A module only a page's entry and its own lazy part use stays in the entry (the portal's
      // widget-element.ts): one file less before the form.
      preserveEntrySignatures: 'allow-extension',
      input: {
        portal: resolve(root, 'portal/index.html'),
        demo: resolve(root, 'demo/index.html'),
      },
    },
  },
}));
