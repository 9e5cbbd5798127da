// The library build's CSS minifier for the element sheets (widget/**/*.styles.ts). Each sheet is
// one template literal of plain CSS written for people (indentation, one rule a line); the script
// minifier leaves string contents alone, so the library shipped that whitespace in every copy.
// esbuild minifies each sheet's text at build time (whitespace, `::before` -> `:before`, `0.45` ->
// `.45`; custom properties keep their values as written). A sheet with `${...}` would be code,
// not CSS: the build fails rather than minify half of it.
import { transform } from 'esbuild';
import type { Plugin } from 'vite';

const SHEET_MODULE = /[\\/]widget[\\/].+\.styles\.ts$/;
const TEMPLATE = /`([^`]*)`/g;

export function minifyElementSheets(): Plugin {
  return {
    name: 'widget-minify-element-sheets',
    enforce: 'pre',
    async transform(code, id) {
      if (!SHEET_MODULE.test(id)) return null;
      const parts: string[] = [];
      let last = 0;
      for (const match of code.matchAll(TEMPLATE)) {
        const css = match[1] ?? '';
        if (css.includes('${') || css.includes('\\')) throw new Error(`${id}: a sheet with \${...} or a backslash is not minified here`);
        const minified = (await transform(css, { loader: 'css', minify: true, target: 'chrome120' })).code.trim();
        parts.push(code.slice(last, match.index), '`', minified, '`');
        last = match.index + match[0].length;
      }
      parts.push(code.slice(last));
      return { code: parts.join(''), map: null };
    },
  };
}
