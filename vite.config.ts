// The portal and the demo page (dist/portal). `vite` serves the portal with /api proxied to the
// API server; `vite --mode demo` serves the demo page at / instead. In both, the portal answers
// every path but its own files (spec: any other path shows the login page).
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { widgetBuildDefines } from './widget/build-defines.ts';
import { widgetChunks } from './widget/build-chunks.ts';

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

/** Build: the portal page sits at dist/portal/index.html, the demo at dist/portal/demo/index.html. */
function portalAtRoot(): Plugin {
  return {
    name: 'portal-at-root',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['portal/index.html'];
      if (!page || page.type !== 'asset') return;
      delete bundle['portal/index.html'];
      this.emitFile({ type: 'asset', fileName: 'index.html', source: page.source });
    },
  };
}

export default defineConfig(({ mode }) => ({
  root,
  appType: 'mpa',
  define: widgetBuildDefines(),
  publicDir: resolve(root, 'portal/public'),
  plugins: [react(), portalFallback(mode === 'demo'), portalAtRoot(), widgetChunks()],
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
