// The names the first paint (first-paint.ts, before React) and the React view's takeover
// (first-paint-takeover.ts) share.

/** The light-DOM container of the first paint, a child of <sso-login>; its value names its look. */
export const FIRST_PAINT_ATTRIBUTE = 'data-sso-first-paint';
/** The slot the element's shadow root shows the container through until React's first commit. */
export const FIRST_PAINT_SLOT = 'sso-first-paint';
/** Set on the container when the form was submitted before React was there. */
export const SUBMIT_PENDING_ATTRIBUTE = 'data-sso-submit-pending';
/**
 * On the container the portal's server sends in its first HTML response (first-paint-html.ts),
 * until the page has taken it over (first-paint-adopt.ts): its sign-in button does not submit yet.
 */
export const SERVER_SENT_ATTRIBUTE = 'data-sso-first-paint-sent';
