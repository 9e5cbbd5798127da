// The first paint the portal's server sends in its login page's first HTML (first-paint-html.ts),
// taken over by the page's entry (portal/server-element.ts) once its scripts run. Not part of the
// widget library's loader: a brand page never has one, and the loader leaves an element that
// already has a first-paint container alone (first-paint.ts), so it never draws a second form. From
// here on the container is the loader's first paint like any other: a cached look put in, a submit
// remembered and run by React, the inputs adopted at React's first commit (first-paint-takeover.ts).
import { FIRST_PAINT_ATTRIBUTE, SERVER_SENT_ATTRIBUTE } from './first-paint-names.ts';
import { lookOf, paramsOfElement, rememberSubmit } from './first-paint.ts';
import { brandPanel } from './first-paint-markup.ts';
import { brandCacheKey, readCachedLook } from '../brand/brand-look.ts';

/**
 * Takes over the server-sent first paint of `element`, if it has one: removed when the element will
 * show the sign-out or redirect view (it starts with a call, not a form); otherwise the cached
 * look and its brand panel are put in (the inputs, what was typed, the focus and the caret stay
 * where they are), and the sign-in button, sent as type="button" so that nothing could post the
 * password before a listener was there (first-paint-html.ts), becomes the submit button whose
 * submit is remembered. Call it once the element has the attributes of the address.
 */
export function adoptSentFirstPaint(element: HTMLElement): void {
  const container = element.querySelector<HTMLElement>(`:scope > [${SERVER_SENT_ATTRIBUTE}]`);
  if (!container) return;
  const params = paramsOfElement(element);
  if (params.isSignout || params.isRedirectSelf) {
    container.remove();
    return;
  }
  container.removeAttribute(SERVER_SENT_ATTRIBUTE);
  if (readCachedLook(brandCacheKey(params.ssoDomain, params.brand))) {
    const { look, brand } = lookOf(params);
    container.setAttribute(FIRST_PAINT_ATTRIBUTE, look);
    container.querySelector('.sso-brand')?.replaceWith(brandPanel(brand));
    container.querySelector('.sso-login')?.setAttribute('data-look', 'ready');
  }
  const form = container.querySelector('form');
  if (!form) return;
  rememberSubmit(container, form);
  form.querySelector('button.sso-button--primary')?.setAttribute('type', 'submit');
}
