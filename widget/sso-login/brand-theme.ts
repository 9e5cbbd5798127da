// The brand's colours as custom properties on the element (issue 15). They live in one
// constructable stylesheet per element, adopted after the element's own sheets: a `:host` rule
// there wins over the defaults of base.styles.ts, while the embedding page's own
// `sso-login { --sso-color-primary: … }` still wins over both (outer rules beat :host rules).
// No inline style: the widget runs under a strict Content-Security-Policy.
import { useLayoutEffect, useRef } from 'react';
import type { GroupTheme } from '../../contract/endpoints/catalog.ts';

/** Until the group config (or the cached look) is known: grey, no brand's colour flashes. */
export const PENDING_LOOK_CSS = themeCss({ primaryColor: '#4b5563', primaryHoverColor: '#374151', backgroundFrom: '#1f2937', backgroundTo: '#9ca3af', logoUrl: null });

/** The theme's colours are #rrggbb (checked in stores/group-theme.ts): nothing can end the rule. */
export function themeCss(theme: GroupTheme): string {
  const { primaryColor: p } = theme;
  return `:host{--sso-color-primary:${p};--sso-color-primary-hover:${theme.primaryHoverColor};--sso-color-info:${p};--sso-focus-ring:0 0 0 3px ${p}8c;--sso-default-background:linear-gradient(135deg,${theme.backgroundFrom} 0%,${p} 55%,${theme.backgroundTo} 100%)}`;
}

/** Keeps one sheet with `css` adopted by `root` (none for null); removed with the component. */
export function useLookSheet(root: ShadowRoot | undefined, css: string | null): void {
  const sheetRef = useRef<CSSStyleSheet | null>(null);
  // A layout effect: the colours change before the browser paints the frame.
  useLayoutEffect(() => {
    if (!root) return;
    sheetRef.current ??= new CSSStyleSheet();
    const sheet = sheetRef.current;
    sheet.replaceSync(css ?? '');
    if (!root.adoptedStyleSheets.includes(sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }, [root, css]);
  useLayoutEffect(
    () => () => {
      const sheet = sheetRef.current;
      if (root && sheet) root.adoptedStyleSheets = root.adoptedStyleSheets.filter((adopted) => adopted !== sheet);
    },
    [root],
  );
}
