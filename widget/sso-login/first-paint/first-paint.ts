// The first paint of <sso-login>: the password form drawn in plain DOM before React has arrived
// (docs/performance.md, "The first paint before React"). The library's entry (widget/index.ts) runs
// this, then imports the React part. Every <sso-login> in the document, and every one added until
// the element is defined (a portal's React host adds it later), that has no shadow root yet and
// will show the password view gets, in its light DOM, a container with the view's markup
// (first-paint-markup.ts) in the element's own look (first-paint-styles.ts) and, when the look was
// cached, its brand's colours and words. Before the definition there is no shadow root, so the
// container renders as plain content; from the definition to React's first commit the shadow root
// shows it through a slot (core/define-element.ts); at the first commit React adopts its inputs,
// values and focus kept (first-paint-takeover.ts), and the container goes. A submit meanwhile
// (Enter, the button) is remembered and run by React. An element that already has a container (the
// portal's login page sends one in its first HTML) is left to its page: first-paint-adopt.ts.
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_SLOT, SUBMIT_PENDING_ATTRIBUTE } from './first-paint-names.ts';
import { adoptFirstPaintSheet, lookAttributeFor } from './first-paint-styles.ts';
import { firstPaintMarkup, type FirstPaintBrand } from './first-paint-markup.ts';
import { resolveLoginParams, type LoginParams } from '../login-context/login-params.ts';
import { BRAND_COPY, brandCodeOf } from '../../brands/brand-copy.ts';
import { resolveAgainstApi } from '../../core/api-origin.ts';
import { brandCacheKey, readCachedLook } from '../brand/brand-look.ts';
import { SIGNING_IN } from '../sso-login.messages.ts';

const TAG = 'sso-login';
let painted = 0;

/** The login parameters an <sso-login> has from its attributes, before React reads them. */
export function paramsOfElement(element: Element): LoginParams {
  const attribute = (name: string) => element.getAttribute(name) ?? undefined;
  return resolveLoginParams({
    brand: attribute('brand'),
    apiBase: attribute('api-base'),
    ssoDomain: attribute('sso-domain'),
    isSignout: attribute('is-signout'),
    isRedirectSelf: attribute('is-redirect-self'),
  });
}

/**
 * The look and the brand panel React's first frame shows (sso-login.tsx): the cached look's brand
 * and colours (a brand attribute naming another brand than the cached group's wears that brand's
 * own), else the grey and the skeleton of a brand not known yet.
 */
export function lookOf(params: LoginParams): { look: string; brand: FirstPaintBrand | null } {
  const cached = readCachedLook(brandCacheKey(params.ssoDomain, params.brand));
  if (!cached) return { look: lookAttributeFor('pending'), brand: null };
  const copy = BRAND_COPY[brandCodeOf(params.brand ?? cached.code)];
  const theme = !params.brand || brandCodeOf(params.brand) === brandCodeOf(cached.code) ? cached.theme : copy.theme;
  const logoUrl = theme?.logoUrl ? resolveAgainstApi(theme.logoUrl, params.apiBase) : null;
  return { look: lookAttributeFor(theme), brand: { copy, logoUrl } };
}

/** Never a navigation: a submit waits for React (it signs in with the SM2-encrypted password). */
export function rememberSubmit(container: HTMLElement, form: HTMLFormElement): void {
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    container.setAttribute(SUBMIT_PENDING_ATTRIBUTE, 'true');
    const button = form.querySelector('button[type="submit"]');
    if (!button) return;
    button.setAttribute('aria-busy', 'true');
    button.setAttribute('aria-disabled', 'true');
    const spinner = document.createElement('span');
    spinner.className = 'sso-spinner';
    spinner.setAttribute('aria-hidden', 'true');
    button.replaceChildren(spinner, SIGNING_IN);
  });
}

/** Draws the first paint into `element` when it is an <sso-login> that will show the password form. */
export function paintFirstForm(element: Element): void {
  if (element.localName !== TAG || element.shadowRoot || element.querySelector(`:scope > [${FIRST_PAINT_ATTRIBUTE}]`)) return;
  const params = paramsOfElement(element);
  // The logout and redirect views start with a call, not a form: React draws them.
  if (params.isSignout || params.isRedirectSelf) return;
  adoptFirstPaintSheet();
  painted += 1;
  const { look, brand } = lookOf(params);
  const { view, form } = firstPaintMarkup(`sso-first-paint-${painted}`, brand);
  const container = document.createElement('div');
  container.setAttribute(FIRST_PAINT_ATTRIBUTE, look);
  container.slot = FIRST_PAINT_SLOT;
  container.append(view);
  rememberSubmit(container, form);
  element.append(container);
}

function paintWithin(nodes: Iterable<Node>): void {
  for (const node of nodes) {
    if (!(node instanceof Element)) continue;
    paintFirstForm(node);
    for (const inner of node.querySelectorAll(TAG)) paintFirstForm(inner);
  }
}

/**
 * Paints every <sso-login> of the document, and those added to it until the element is defined
 * (after that, each new one has its shadow root from its creation and React draws it).
 */
export function startFirstPaint(): void {
  if (customElements.get(TAG)) return;
  paintWithin(document.querySelectorAll(TAG));
  const observer = new MutationObserver((records) => {
    for (const record of records) paintWithin(record.addedNodes);
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  void customElements.whenDefined(TAG).then(() => observer.disconnect());
}
