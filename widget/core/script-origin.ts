// Where the widget script came from. A brand site that loads https://SSO-HOST/widget/sso-widget*.js
// means that server's API, so api-base defaults to https://SSO-HOST/api there instead of the
// brand site's own /api. Captured while the script first runs: document.currentScript is the
// classic (IIFE) script then; a module script has none, so the known file names are looked up.
const WIDGET_SCRIPTS = 'script[src*="/widget/sso-widget.js"], script[src*="/widget/sso-widget.iife.js"]';

function findScriptUrl(): string | null {
  if (typeof document === 'undefined') return null;
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement && current.src) return current.src;
  return document.querySelector<HTMLScriptElement>(WIDGET_SCRIPTS)?.src ?? null;
}

const scriptUrl = findScriptUrl();

/** "/api" on the server's own pages; "<script origin>/api" when the script came from another origin. */
export function defaultApiBase(pageUrl: string = window.location.href, source: string | null = scriptUrl): string {
  if (!source) return '/api';
  try {
    const origin = new URL(source, pageUrl).origin;
    return origin === new URL(pageUrl).origin || origin === 'null' ? '/api' : `${origin}/api`;
  } catch {
    return '/api';
  }
}
