// The brand's colours as custom properties on the element (issue 15). They live in one
// constructable stylesheet per element, adopted after the element's own sheets: a `:host` rule
// there wins over the defaults of base.styles.ts, while the embedding page's own
// `sso-login { --sso-color-primary: … }` still wins over both (outer rules beat :host rules).
// No inline style: the widget runs under a strict Content-Security-Policy.
import { useLayoutEffect, useRef } from 'react';
import type { GroupTheme } from '../../contract/endpoints/catalog.ts';

/** Until the group config (or the cached look) is known: grey, no brand's colour flashes. */
export const PENDING_LOOK_CSS = `:host {
  --sso-color-primary: #4b5563;
  --sso-color-primary-hover: #374151;
  --sso-focus-ring: 0 0 0 3px #4b55638c;
  --sso-default-background: linear-gradient(135deg, #1f2937 0%, #4b5563 55%, #9ca3af 100%);
}`;

/** The theme's colours are #rrggbb (checked in stores/group-theme.ts): nothing can end the rule. */
export function themeCss(theme: GroupTheme): string {
  return `:host {
  --sso-color-primary: ${theme.primaryColor};
  --sso-color-primary-hover: ${theme.primaryHoverColor};
  --sso-color-info: ${theme.primaryColor};
  --sso-focus-ring: 0 0 0 3px ${theme.primaryColor}8c;
  --sso-default-background: linear-gradient(135deg, ${theme.backgroundFrom} 0%, ${theme.primaryColor} 55%, ${theme.backgroundTo} 100%);
}`;
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
