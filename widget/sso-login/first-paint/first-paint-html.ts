// The portal's first paint as text, for its first HTML response (build time only: vite.config.ts
// puts it into portal/index.html; never part of the widget's bundle). The markup is the loader's
// (first-paint-markup.ts), written out as HTML; the look is the loader's sheet (first-paint-styles.ts),
// rewritten on the CSS text, as a file the page links (strict CSP: `style-src 'self'`, no <style>,
// no style attributes). So the login form is on screen and takes typing before any script has
// arrived, and the loader, when it runs, takes this container as its own (first-paint.ts).
import { firstPaintView, type MarkupElement } from './first-paint-markup.ts';
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_SLOT, SERVER_SENT_ATTRIBUTE } from './first-paint-names.ts';
import { FIRST_PAINT_SOURCE_CSS, LOGO_STAND_IN_RULE, lookRule, scopeSelector } from './first-paint-styles.ts';
import { PENDING_LOOK_CSS } from '../brand/brand-theme-css.ts';

const VOID_ELEMENTS = new Set(['input', 'img', 'br', 'hr', 'meta', 'link']);

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replaceAll('"', '&quot;');

/** A markup element as HTML (attributes in double quotes, an empty value as the bare name). */
export function toHtml(markup: MarkupElement | string): string {
  if (typeof markup === 'string') return escapeText(markup);
  const attributes = Object.entries(markup.attributes)
    .map(([name, value]) => (value === '' ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`))
    .join('');
  const open = `<${markup.tag}${attributes}>`;
  return VOID_ELEMENTS.has(markup.tag) ? open : `${open}${markup.children.map(toHtml).join('')}</${markup.tag}>`;
}

/**
 * The rules of `css` with every style rule's selectors scoped as the loader's CSSOM pass does
 * (scopeSelector); @media blocks are walked into, other at-rules (@keyframes) are kept as they are.
 * The element sheets are plain CSS of our own: no nesting, no braces in strings (checked by the test
 * that compares this text with the loader's sheet).
 */
export function scopeCssText(css: string): string {
  let out = '';
  let at = 0;
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  while (at < text.length) {
    const open = text.indexOf('{', at);
    if (open < 0) break;
    const prelude = text.slice(at, open).trim();
    const close = matchingBrace(text, open);
    const body = text.slice(open + 1, close);
    if (prelude.startsWith('@media')) out += `${prelude}{${scopeCssText(body)}}`;
    else if (prelude.startsWith('@')) out += `${prelude}{${body}}`;
    else out += `${scopeSelector(prelude)}{${body.trim()}}`;
    at = close + 1;
  }
  return out;
}

function matchingBrace(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i += 1) {
    if (text[i] === '{') depth += 1;
    else if (text[i] === '}' && (depth -= 1) === 0) return i;
  }
  throw new Error('first-paint CSS: unbalanced braces');
}

/** The portal's first-paint stylesheet: the scoped element sheets, the logo stand-in and the grey look. */
export function firstPaintCss(): string {
  return [scopeCssText(FIRST_PAINT_SOURCE_CSS), LOGO_STAND_IN_RULE, lookRule(PENDING_LOOK_CSS, 'pending')].join('\n');
}

/**
 * The `<sso-login>` with its first paint, as the portal's login page sends it: the grey look and the
 * brand skeleton of React's first frame (the loader adds a cached look), and a sign-in button of
 * type "button". Why not "submit": until the loader runs, no script can stop a submission, and a
 * native one would post the password in clear (the widget signs in with it SM2-encrypted) and
 * navigate away from what was typed. With no submit button, a click does nothing, and Enter does
 * nothing either: implicit submission of a form without a submit button happens only when the form
 * has a single text field, and this one has two (HTML, "Implicit submission"). The loader, once
 * there, listens for the submit and turns the button into a submit button (first-paint.ts): from
 * then on the button and Enter are remembered and run by React, as on a brand page.
 */
export function firstPaintElementHtml(): string {
  const container: MarkupElement = {
    tag: 'div',
    attributes: { [FIRST_PAINT_ATTRIBUTE]: 'pending', slot: FIRST_PAINT_SLOT, [SERVER_SENT_ATTRIBUTE]: '' },
    children: [firstPaintView('sso-first-paint-0', null, 'button')],
  };
  return `<sso-login>${toHtml(container)}</sso-login>`;
}
