// How the widget's code is cut into chunks, for the library build (vite.lib.config.ts) and the
// portal build (vite.config.ts). See docs/performance.md, "The first chunk".
// - crypto-js (Enc-Flag bodies, the /tenant/list signature) and sm-crypto: one chunk each, loaded
//   on demand.
// - groupInitial (the portal, whose two pages share the widget): the widget's part of what a page's
//   first paint needs (modules statically imported from an entry) in one chunk next to the page's
//   own entry: without a group the bundler cuts the modules the entries share
//   with the lazily loaded chunks (config, api-error, events, ...) into small chunks of their own,
//   each one more request before the form can appear.
// - the library (no groupInitial): its entry is the first paint's loader (widget/index.ts), which
//   imports the React part with import(). The modules the entry needs stay in it (the first-paint
//   group, above react-part); React, react-dom, r2wc, nanostores and the shared core go in one
//   react-part chunk: without it the bundler cut the modules the lazy chunks share (api-error,
//   download, enc-flag, signature, ...) into small chunks of their own, 2.6 KiB more gzip in all.
// Only ES output is split; the library's IIFE build is one file.
import type { Plugin } from 'vite';

export function widgetChunks(options: { groupInitial: boolean }): Plugin {
  return {
    name: 'widget-chunks',
    outputOptions(output) {
      if (output.format && output.format !== 'es') return null;
      return {
        ...output,
        codeSplitting: {
          groups: [
            { name: 'crypto-js', test: /node_modules[\\/]crypto-js[\\/]/, priority: 3 },
            { name: 'sm-crypto', test: /node_modules[\\/]sm-crypto[\\/]/, priority: 3 },
            ...(options.groupInitial ? [{ name: 'first-paint', tags: ['$initial' as const], test: /[\\/](widget|contract|node_modules)[\\/]/, priority: 1 }] : []),
            ...(options.groupInitial ? [] : [
              { name: 'first-paint', tags: ['$initial' as const], test: /[\\/](widget|contract|node_modules)[\\/]/, priority: 2 },
              { name: 'react-part', test: /[\\/](widget[\\/](core|brands)|contract|node_modules)[\\/]/, priority: 1 },
            ]),
          ],
        },
      };
    },
  };
}
