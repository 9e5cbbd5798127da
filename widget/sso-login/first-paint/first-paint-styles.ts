// The first paint's look (first-paint.ts): the element's own shadow sheets, rewritten for the light
// DOM so that the form drawn before React looks like the React view it turns into, from one source.
// `:host` becomes the first-paint container, `::slotted(x)` becomes `x`, and every other selector is
// put under the container: nothing here can reach the rest of the embedding page. One constructable
// sheet adopted on the document (strict CSP: no <style>, no inline style). The portal's first HTML
// response links the same rules as a built file instead (first-paint-html.ts, firstPaintCss): the
// same rewrite, on the CSS text at build time, where there is no CSSOM.
import { baseStyles } from '../../core/base.styles.ts';
import { ssoLoginStyles } from '../sso-login.styles.ts';
import { lightCredentialStyles } from '../shared/light-credential.styles.ts';
import { PENDING_LOOK_CSS, themeCss } from '../brand/brand-theme-css.ts';
import { FIRST_PAINT_ATTRIBUTE } from './first-paint-names.ts';
import type { GroupTheme } from '../../../contract/endpoints/catalog.ts';
const SCOPE = `sso-login > [${FIRST_PAINT_ATTRIBUTE}]`;
/** The element sheets the first paint's look is made of, in the shadow root's order. */
export const FIRST_PAINT_SOURCE_CSS = baseStyles + ssoLoginStyles + lightCredentialStyles;
/** The stand-in of the brand's built-in mark (an inline <svg> in the React view) takes its size. */
export const LOGO_STAND_IN_RULE = `${SCOPE} span.sso-brand__logo { display: inline-block; }`;

/** A look's `:host` rule (brand-theme-css.ts) for the container whose attribute is `value`. */
export function lookRule(css: string, value: string): string {
  return css.replace(/^:host/, `sso-login > [${FIRST_PAINT_ATTRIBUTE}="${value}"]`);
}

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
// The looks' rules, in a sheet of their own that stays after the base sheet: a look wins over the
// scope's own :host defaults by coming later, as the look sheet comes after the element's sheets
// in the shadow root. Apart, so that a look can be added to the portal's server-sent first paint
// (whose base rules are the linked file) without building the base sheet a second time.
let looks: CSSStyleSheet | null = null;
const lookRules = new Map<string, string>();

/** The document's first-paint sheet, created and adopted at the first call (before the look sheet). */
export function adoptFirstPaintSheet(): CSSStyleSheet {
  if (sheet) return sheet;
  sheet = new CSSStyleSheet();
  sheet.replaceSync(FIRST_PAINT_SOURCE_CSS);
  scopeRules(sheet.cssRules, SCOPE);
  sheet.insertRule(LOGO_STAND_IN_RULE, sheet.cssRules.length);
  const others = document.adoptedStyleSheets.filter((adopted) => adopted !== looks);
  document.adoptedStyleSheets = looks ? [...others, sheet, looks] : [...others, sheet];
  return sheet;
}

function lookSheet(): CSSStyleSheet {
  if (looks) return looks;
  looks = new CSSStyleSheet();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, looks];
  return looks;
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
    const target = lookSheet();
    target.insertRule(lookRule(css, value), target.cssRules.length);
  }
  return value;
}
