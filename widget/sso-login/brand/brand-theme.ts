// The brand's colours as custom properties on the element (issue 15). They live in one
// constructable stylesheet per element, adopted after the element's own sheets: a `:host` rule
// there wins over the defaults of base.styles.ts, while the embedding page's own
// `sso-login { --sso-color-primary: … }` still wins over both (outer rules beat :host rules).
// No inline style: the widget runs under a strict Content-Security-Policy.
import { useLayoutEffect, useRef } from 'react';

export { PENDING_LOOK_CSS, themeCss } from './brand-theme-css.ts';

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
