// The brand's colours as a `:host` rule of custom properties (brand-theme.ts adopts it in the
// shadow root; the first paint, first-paint-styles.ts, rewrites it for the light DOM). No React
// here: the first paint runs before React is loaded.
import type { GroupTheme } from '../../../contract/endpoints/catalog.ts';

/** Until the group config (or the cached look) is known: grey, no brand's colour flashes. */
export const PENDING_LOOK_CSS = themeCss({ primaryColor: '#4b5563', primaryHoverColor: '#374151', backgroundFrom: '#1f2937', backgroundTo: '#9ca3af', logoUrl: null });

/** The theme's colours are #rrggbb (checked in brand/group-theme.ts): nothing can end the rule. */
export function themeCss(theme: GroupTheme): string {
  const { primaryColor: p } = theme;
  return `:host{--sso-color-primary:${p};--sso-color-primary-hover:${theme.primaryHoverColor};--sso-color-info:${p};--sso-focus-ring:0 0 0 3px ${p}8c;--sso-default-background:linear-gradient(135deg,${theme.backgroundFrom} 0%,${p} 55%,${theme.backgroundTo} 100%)}`;
}
