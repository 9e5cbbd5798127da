// Portal entry: as small as it can be, because the browser runs a page's module scripts as soon as
// the HTML is parsed, before its next frame. Evaluating the portal's start (portal-start.tsx, its
// loader and the takeover of the sent form: 20-35 ms at 1x CPU, four times that at 4x) here held
// back the first frame of the login form the server sends in the first HTML (docs/performance.md,
// "What held the first frame"). So when the page was sent with that form, the start is imported
// after the frame that shows it: the form is on screen and takes typing first, and a click on its
// button or Enter still does nothing until the start has run (first-paint-html.ts). A hidden tab
// has no frames: there it starts at once. The start's files are preloaded by the page's
// <link rel="modulepreload"> (vite.config.ts), so waiting for a frame costs no request.

/**
 * The sent form's container, by SERVER_SENT_ATTRIBUTE (first-paint-names.ts) written out: importing
 * that module would put it in a chunk of its own, one more request before this script can run.
 */
const SENT_FORM = '#portal > sso-login > [data-sso-first-paint-sent]';

let started = false;
const start = (): void => {
  if (started) return;
  started = true;
  void import('./portal-start.tsx');
};
if (document.querySelector(SENT_FORM) && document.visibilityState === 'visible') {
  requestAnimationFrame(() => setTimeout(start, 0));
  // A tab hidden before that frame gets no frames: start there at once. (Not a timer: on a busy
  // machine a timer fired before the frame and ran the start ahead of it again.)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') start();
  });
} else start();
