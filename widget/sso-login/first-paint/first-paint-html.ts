// The portal's first paint as text, for its first HTML response (build time only: vite.config.ts
// puts it into portal/index.html; never part of the widget's bundle). The markup is the loader's
// (first-paint-markup.ts), written out as HTML; the look is the loader's sheet (first-paint-styles.ts),
// rewritten on the CSS text, as the page's one inline <style> (the strict CSP allows exactly it, by
// its sha256: server/http/portal-page.ts; no style attributes). So the login form is on screen and
// takes typing before any script has arrived; the loader leaves this container alone and the
// portal's entry takes it over (first-paint-adopt.ts).
import { firstPaintMarkup } from './first-paint-markup.ts';
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_SLOT, SERVER_SENT_ATTRIBUTE } from './first-paint-names.ts';
import { scopeSelector } from './first-paint-styles.ts';
import { PENDING_LOOK_CSS } from '../brand/brand-theme-css.ts';
import { baseStyles } from '../../core/base.styles.ts';
import { ssoLoginStyles } from '../sso-login.styles.ts';
import { lightCredentialStyles } from '../shared/light-credential.styles.ts';

const VOID_ELEMENTS = new Set(['input', 'img', 'br', 'hr', 'meta', 'link']);

const escapeText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * The part of an element the markup functions use (createElement, setAttribute, append), written
 * out as HTML the way a browser serializes it: at build time there is no DOM.
 */
class StandInElement {
  private readonly attributes = new Map<string, string>();
  private readonly children: (StandInElement | string)[] = [];
  constructor(private readonly tag: string) {}
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, String(value));
  }
  append(...nodes: (StandInElement | string)[]): void {
    this.children.push(...nodes);
  }
  get outerHTML(): string {
    const attributes = [...this.attributes].map(([name, value]) => ` ${name}="${escapeText(value).replaceAll('"', '&quot;')}"`).join('');
    const open = `<${this.tag}${attributes}>`;
    if (VOID_ELEMENTS.has(this.tag)) return open;
    return `${open}${this.children.map((child) => (typeof child === 'string' ? escapeText(child) : child.outerHTML)).join('')}</${this.tag}>`;
  }
}

/** Runs `draw` with the page's document, or at build time (Node) with the stand-in's. */
function withDocument<T>(draw: () => T): T {
  if (typeof document !== 'undefined') return draw();
  const global = globalThis as { document?: unknown };
  global.document = { createElement: (tag: string) => new StandInElement(tag) };
  try {
    return draw();
  } finally {
    delete global.document;
  }
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

/**
 * The portal's first-paint stylesheet: what adoptFirstPaintSheet builds at run time (the element
 * sheets scoped, the logo stand-in) and the grey look's rule lookAttributeFor('pending') adds.
 */
export function firstPaintCss(): string {
  const scope = `sso-login > [${FIRST_PAINT_ATTRIBUTE}]`;
  return [
    scopeCssText(baseStyles + ssoLoginStyles + lightCredentialStyles),
    `${scope} span.sso-brand__logo { display: inline-block; }`,
    PENDING_LOOK_CSS.replace(/^:host/, `sso-login > [${FIRST_PAINT_ATTRIBUTE}="pending"]`),
  ].join('\n');
}

/**
 * The `<sso-login>` with its first paint, as the portal's login page sends it: the grey look and the
 * brand skeleton of React's first frame (the page's entry adds a cached look), and a sign-in button of
 * type "button". Why not "submit": until a script runs, nothing can stop a submission, and a
 * native one would post the password in clear (the widget signs in with it SM2-encrypted) and
 * navigate away from what was typed. With no submit button, a click does nothing, and Enter does
 * nothing either: implicit submission of a form without a submit button happens only when the form
 * has a single field that blocks it, and this one has two, user name and password (HTML,
 * "Implicit submission"). Once the scripts run, first-paint-adopt.ts listens for the submit and
 * turns the button into a submit button: from then on the button and Enter are remembered and run
 * by React, as on a brand page. A press before that is not remembered: it does nothing at all.
 */
export function firstPaintElementHtml(): string {
  const { view } = withDocument(() => firstPaintMarkup('sso-first-paint-0', null));
  const form = view.outerHTML;
  const submit = '<button type="submit" class="sso-button sso-button--primary';
  if (form.split(submit).length !== 2) throw new Error('first paint: not exactly one sign-in button');
  const attributes = `${FIRST_PAINT_ATTRIBUTE}="pending" slot="${FIRST_PAINT_SLOT}" ${SERVER_SENT_ATTRIBUTE}=""`;
  return `<sso-login><div ${attributes}>${form.replace(submit, submit.replace('submit', 'button'))}</div></sso-login>`;
}
