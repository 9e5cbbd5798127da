// React's side of the first paint (first-paint.ts): at the element's first commit the password
// view's LightFields adopt the first paint's inputs (what the user typed, the focus and the
// selection stay), and then the container and the shadow root's slot for it go. A submit made
// before React was there is handed to the React form, which runs it.
import { FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_SLOT, SUBMIT_PENDING_ATTRIBUTE } from './first-paint-names.ts';

function containerOf(host: HTMLElement): HTMLElement | null {
  return host.querySelector<HTMLElement>(`:scope > [${FIRST_PAINT_ATTRIBUTE}]`);
}

/** The first paint's input named `name`, no longer labelled by the container's label; null without one. */
export function takeFirstPaintInput(host: HTMLElement, name: string): HTMLInputElement | null {
  const input = containerOf(host)?.querySelector<HTMLInputElement>(`input[name="${name}"]`) ?? null;
  input?.removeAttribute('id');
  return input;
}

interface MovableParent {
  moveBefore?(node: Node, child: Node | null): void;
}

/**
 * Appends `input` to `host`, keeping its focus and selection: `moveBefore` keeps them where the
 * browser has it (Chromium 133+); elsewhere a move blurs the input, so it is focused again.
 */
export function moveKeepingFocus(host: HTMLElement, input: HTMLInputElement): void {
  const parent = host as HTMLElement & MovableParent;
  if (typeof parent.moveBefore === 'function') {
    try {
      parent.moveBefore(input, null);
      return;
    } catch {
      // Not movable atomically here (the browser's rules): the plain move below.
    }
  }
  const focused = document.activeElement === input;
  const { selectionStart, selectionEnd, selectionDirection } = input;
  host.appendChild(input);
  if (!focused) return;
  input.focus({ preventScroll: true });
  if (selectionStart !== null && selectionEnd !== null) input.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined);
}

/** Whether the first paint's form was submitted before React came (Enter, the button). */
export function firstPaintSubmitPending(host: HTMLElement | null): boolean {
  return host ? containerOf(host)?.hasAttribute(SUBMIT_PENDING_ATTRIBUTE) === true : false;
}

/** Removes the first paint (after its inputs were adopted) and the shadow root's slot for it. */
export function removeFirstPaint(host: HTMLElement | null): void {
  if (!host) return;
  containerOf(host)?.remove();
  // No `:scope >` here: in a shadow root's querySelector it matches nothing.
  host.shadowRoot?.querySelector(`slot[name="${FIRST_PAINT_SLOT}"]`)?.remove();
}
