// sm-crypto (its SM2 module alone, about 12 KB gzip) is needed only when a password is encrypted at
// submit. Fetching it right after the first render made it compete with the form's own script and
// paint; fetching it at the user's first focus, pointer press or key press in the element still has
// it there long before a submit (the submit waits for it in any case: core/sm2.ts).
import { preloadSm2 } from '../../core/sm2.ts';

const FIRST_USE_EVENTS = ['focusin', 'pointerdown', 'keydown', 'input'] as const;

/** Preloads sm-crypto on the first use of `host` (at once if it already has the focus); returns a clean-up. */
export function preloadSm2OnFirstUse(host: HTMLElement | null): () => void {
  if (!host) return () => undefined;
  const preload = () => {
    stop();
    preloadSm2().catch(() => undefined);
  };
  const stop = () => {
    for (const type of FIRST_USE_EVENTS) host.removeEventListener(type, preload, true);
  };
  if (host.matches(':focus-within')) {
    preload();
    return stop;
  }
  for (const type of FIRST_USE_EVENTS) host.addEventListener(type, preload, true);
  return stop;
}
