// The first paint's look (first-paint.ts): the element's own shadow sheets, rewritten for the light
// DOM so that the form drawn before React looks like the React view it turns into, from one source.
// `:host` becomes the first-paint container, `::slotted(x)` becomes `x`, and every other selector is
// put under the container: nothing here can reach the rest of the embedding page. One constructable
// sheet adopted on the document (strict CSP: no <style>, no inline style). The portal's first HTML
// carries the same rules in its one inline <style>, allowed by its hash (first-paint-html.ts,
// firstPaintCss: the same rewrite on the CSS text at build time, where there is no CSSOM; a widget
// test compares the two rule by rule).
import { baseStyles } from '../../core/base.styles.ts';
import { ssoLoginStyles } from '../sso-login.styles.ts';
import { lightCredentialStyles } from '../shared/light-credential.styles.ts';
import { PENDING_LOOK_CSS, themeCss } from '../brand/brand-theme-css.ts';
import { FIRST_PAINT_ATTRIBUTE } from './first-paint-names.ts';
import type { GroupTheme } from '../../../contract/endpoints/catalog.ts';
const SCOPE = `sso-login > [${FIRST_PAINT_ATTRIBUTE}]`;

/** One selector list of a shadow sheet, as it must read in the document. */
export function scopeSelector(selectorList: string, scope: string = SCOPE): string {
  // The shadow sheets' selectors hold no comma inside parentheses (checked by the widget test that
  // compares the first paint with the React view), so a plain split is enough.
  return selectorList
    .split(',')
    .map((part) => {
      const selector = part.trim().replace(/::slotted\(([^)]*)\)/g, '$1');
      if (selector.startsWith(':host')) return scope + selector.slice(':host'.length);
      return `${scope} ${selector}`;
    })
    .join(', ');
}

function scopeRules(rules: CSSRuleList, scope: string): void {
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule) rule.selectorText = scopeSelector(rule.selectorText, scope);
    else if (rule instanceof CSSMediaRule) scopeRules(rule.cssRules, scope);
  }
}

let sheet: CSSStyleSheet | null = null;
const lookRules = new Map<string, string>();

/** The document's first-paint sheet, created and adopted at the first call. */
export function adoptFirstPaintSheet(): CSSStyleSheet {
  if (sheet) return sheet;
  sheet = new CSSStyleSheet();
  sheet.replaceSync(baseStyles + ssoLoginStyles + lightCredentialStyles);
  scopeRules(sheet.cssRules, SCOPE);
  // The stand-in of the brand's built-in mark (an inline <svg> in the React view) takes its size.
  sheet.insertRule(`${SCOPE} span.sso-brand__logo { display: inline-block; }`, sheet.cssRules.length);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  return sheet;
}

/**
 * The value of the container's attribute for `theme` (null: the grey of a look not known yet,
 * as the React view's first frame shows it), adding its rule to the sheet the first time.
 */
export function lookAttributeFor(theme: GroupTheme | null | 'pending'): string {
  const css = theme === 'pending' ? PENDING_LOOK_CSS : theme ? themeCss(theme) : '';
  if (!css) return 'default';
  let value = lookRules.get(css);
  if (!value) {
    value = theme === 'pending' ? 'pending' : String(lookRules.size + 1);
    lookRules.set(css, value);
    const target = adoptFirstPaintSheet();
    // Appended: as specific as the scope's own :host defaults and later, so it wins over them, as
    // the look sheet comes after the element's sheets in the shadow root.
    const scoped = css.replace(/^:host/, `sso-login > [${FIRST_PAINT_ATTRIBUTE}="${value}"]`);
    target.insertRule(scoped, target.cssRules.length);
  }
  return value;
}
