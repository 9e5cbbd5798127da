// The widget library (dist/widget): one ES module and one classic script (IIFE) that define both
// elements. React is bundled in (brand sites do not have it). In the ES build sm-crypto stays a
// separate chunk loaded on demand; the IIFE build must inline it (one file, no module loader).
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { widgetBuildDefines } from './widget/build-defines.ts';

const root = import.meta.dirname;

/**
 * The ES build's chunks (docs/performance.md, "The first chunk"): one chunk per thing loaded on
 * demand: crypto-js (for Enc-Flag bodies and the /tenant/list signature, each in a small chunk of
 * its own) and sm-crypto; the rest as the imports say (the entry, app-center, the after-paint views). The
 * IIFE build is one file, so it gets no groups.
 */
function onDemandChunks(): Plugin {
  return {
    name: 'on-demand-chunks',
    outputOptions(options) {
      if (options.format !== 'es') return null;
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: 'crypto-js', test: /node_modules[\\/]crypto-js[\\/]/ },
            { name: 'sm-crypto', test: /node_modules[\\/]sm-crypto[\\/]/ },
          ],
        },
      };
    },
  };
}

export default defineConfig({
  root,
  publicDir: false,
  plugins: [react(), onDemandChunks()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production'), ...widgetBuildDefines() },
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
        chunkFileNames: (chunk) =>
          chunk.moduleIds.some((id) => id.includes('/node_modules/sm-crypto/')) ? 'chunks/sm-crypto-[hash].js' : 'chunks/[name]-[hash].js',
      },
    },
  },
});
