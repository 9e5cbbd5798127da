// How the widget's code is cut into chunks, for the library build (vite.lib.config.ts) and the
// portal build (vite.config.ts) alike. See docs/performance.md, "The first chunk".
// - crypto-js (Enc-Flag bodies, the /tenant/list signature), sm-crypto and passkey (WebAuthn,
//   @simplewebauthn/browser): one chunk each, loaded on demand.
// - first-paint: what a page's entry needs before React (the widget's loader, widget/index.ts, and
//   the first paint it draws). In the library it is the entry itself; on the portal's two pages,
//   one chunk next to each page's small entry. No entry imports React statically (the portal's and
//   the demo's take their React part with import() too), so React never lands here.
// - react-part: React, react-dom, r2wc, nanostores, the shared core and <sso-login>'s React view
//   (sso-login/define.ts and its static imports), which the loader imports with import(). Without
//   it the bundler cut the modules the lazy chunks share (api-error, download, enc-flag, signature,
//   ...) into small chunks of their own, 2.6 KiB more gzip in all; and with the view in a chunk of
//   its own the loader fetched that chunk, then React's (one more round trip, 0.6 KiB more gzip).
//   The after-paint views and <app-center> stay chunks of their own (import() from the React part).
//   shared/field.tsx (one labelled input, used by the after-paint and second-factor views) goes
//   there too: as a chunk of its own it cost 0.29 kB gzip more in all, for 0.16 kB in the React part.
//   Of contract/, only what widget modules import goes there: the portal's operator console
//   (portal/admin/, a lazy chunk of /admin) keeps its own contract texts and rules to itself.
// Only ES output is split; the library's IIFE build is one file.
import type { Plugin } from 'vite';

/** The React part's own entry: what the loader imports with import(). */
const REACT_PART_ENTRY = /[\\/]widget[\\/]sso-login[\\/]define\.ts$/;

/**
 * `preloadHelperAlone`: the bundler's helper that a lazy import() goes through (vite's preload
 * helper) in a tiny chunk of its own. The portal's entry (portal/main.ts) has nothing else: with the
 * helper in the first-paint chunk, importing it made the browser evaluate that whole chunk before the
 * sent form's first frame (docs/performance.md, "What held the first frame").
 */
export function widgetChunks({ preloadHelperAlone = false } = {}): Plugin {
  // Module id -> its static imports, recorded while the modules are parsed (chunking comes after).
  const staticImports = new Map<string, readonly string[]>();
  /** The module ids the React part's entry reaches by static imports (itself included). */
  function reactPartModules(): Set<string> {
    return reachedFrom((id) => REACT_PART_ENTRY.test(id));
  }
  /** The module ids that modules matching `start` reach by static imports (themselves included). */
  function reachedFrom(start: (id: string) => boolean): Set<string> {
    const reached = new Set<string>();
    const queue = [...staticImports.keys()].filter(start);
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (reached.has(id)) continue;
      reached.add(id);
      queue.push(...(staticImports.get(id) ?? []));
    }
    return reached;
  }
  return {
    name: 'widget-chunks',
    moduleParsed(info) {
      staticImports.set(info.id, info.importedIds);
    },
    outputOptions(output) {
      if (output.format && output.format !== 'es') return null;
      let reactPart: Set<string> | null = null;
      let widgetReached: Set<string> | null = null;
      const inReactPart = (id: string) => {
        reactPart ??= reactPartModules();
        if (reactPart.has(id) || /[\\/](widget[\\/](core|brands)|node_modules)[\\/]|[\\/]sso-login[\\/]shared[\\/]field\.tsx$/.test(id)) return true;
        // A contract module only the portal's own lazy parts use (the operator console's texts and
        // rules) stays with them: the login page must not load it.
        widgetReached ??= reachedFrom((from) => /[\\/]widget[\\/]/.test(from));
        return /[\\/]contract[\\/]/.test(id) && widgetReached.has(id);
      };
      return {
        ...output,
        codeSplitting: {
          groups: [
            ...(preloadHelperAlone ? [{ name: 'preload-helper', test: /vite[\\/]preload-helper/, priority: 4 }] : []),
            { name: 'crypto-js', test: /node_modules[\/]crypto-js[\/]|[\/]widget[\/]core[\/](enc-flag|signature)\.ts$/, priority: 3, includeDependenciesRecursively: false },
            { name: 'sm-crypto', test: /node_modules[\\/]sm-crypto[\\/]/, priority: 3 },
            // Passkeys (issue 21): @simplewebauthn/browser and the sign-in with it, loaded only when used.
            { name: 'passkey', test: /node_modules[\\/]@simplewebauthn[\\/]browser[\\/]|[\\/]widget[\\/]sso-login[\\/]passkey[\\/]passkey-sign-in\.ts$/, priority: 3, includeDependenciesRecursively: false },
            { name: 'first-paint', tags: ['$initial' as const], test: /[\\/](widget|contract|node_modules)[\\/]/, priority: 2 },
            { name: 'react-part', test: inReactPart, priority: 1 },
          ],
        },
      };
    },
  };
}
