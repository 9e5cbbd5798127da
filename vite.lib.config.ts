// The widget library (dist/widget): one ES module and one classic script (IIFE) that define both
// elements. React is bundled in (brand sites do not have it). In the ES build sm-crypto stays a
// separate chunk loaded on demand; the IIFE build must inline it (one file, no module loader).
import { resolve } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { widgetBuildDefines } from './widget/build-defines.ts';
import { widgetChunks } from './widget/build-chunks.ts';
import { minifyElementSheets } from './widget/build-css-minify.ts';

const root = import.meta.dirname;

export default defineConfig({
  root,
  publicDir: false,
  // The one entry holds the first paint itself; crypto-js and sm-crypto in chunks of their own.
  // The element sheets' CSS minified (the script minifier leaves string contents as written).
  plugins: [minifyElementSheets(), react(), widgetChunks()],
  // `typeof require` is "undefined" in a browser: crypto-js's fallback to Node's require('crypto')
  // (it uses globalThis.crypto first) is then dead code, and with it the bundler's require shim and
  // its __vite-browser-external stub (0.23 kB gzip; docs/performance.md, issue 25). `typeof define`:
  // crypto-js's UMD headers test for an AMD loader after `typeof exports`, which the bundler's
  // CommonJS wrapper always answers, so that branch never ran (0.08 kB gzip).
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    'typeof require': JSON.stringify('undefined'),
    'typeof define': JSON.stringify('undefined'),
    ...widgetBuildDefines(),
  },
  build: {
    outDir: resolve(root, 'dist/widget'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    copyPublicDir: false,
    lib: {
      entry: resolve(root, 'widget/index.ts'),
      name: 'SsoWidget',
      formats: ['es', 'iife'],
      fileName: (format) => (format === 'es' ? 'sso-widget.js' : 'sso-widget.iife.js'),
    },
    rolldownOptions: {
      // The lazily loaded chunks import what they share with the entry from the entry itself: without
      // this, the bundler moves those shared modules (React among them) into extra chunks that the
      // entry must import before the form can appear (one more request each, and less compression).
      preserveEntrySignatures: 'allow-extension',
      // Brand sites load the ES module as it is (no bundler of theirs re-minifies it): minify fully,
      // whitespace included, which lib mode leaves out of the ES format by default.
      output: {
        minify: true,
        // /* @__PURE__ */ marks are for a bundler that tree-shakes this output again; brand sites
        // load it as it is, so they only cost bytes (about 400 of them in the ES build).
        comments: { annotation: false },
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/node_modules/sm-crypto/')) ? 'chunks/sm-crypto-[hash].js' : 'chunks/[name]-[hash].js',
      },
    },
  },
});
