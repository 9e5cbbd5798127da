// Shared behaviour of the modal dialogs (system prompts, change password): native <dialog> with
// showModal (the rest of the page is inert), Tab wrapped inside, Esc cancels, focus returns to
// where it was when the dialog opened.
import { useEffect, type KeyboardEvent, type RefObject } from 'react';
import { deepActiveElement } from './deep-focus.ts';

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]):not([type="hidden"]), a[href], select, textarea';

/** Focusable elements in tree order, slotted light-DOM elements (credential inputs) in their slot's place. */
export function focusablesOf(dialog: HTMLElement): HTMLElement[] {
  return Array.from(dialog.querySelectorAll<HTMLElement>(`${FOCUSABLE}, slot`)).flatMap((node) =>
    node instanceof HTMLSlotElement
      ? node.assignedElements({ flatten: true }).filter((el): el is HTMLElement => el instanceof HTMLElement && el.matches(FOCUSABLE))
      : [node],
  );
}

export function useModalDialog(
  dialogRef: RefObject<HTMLDialogElement | null>,
  initialFocus: RefObject<HTMLElement | null>,
): { onKeyDown(event: KeyboardEvent<HTMLDialogElement>): void } {
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const previous = deepActiveElement();
    if (!dialog.open) dialog.showModal();
    initialFocus.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
  }, [dialogRef, initialFocus]);

  return {
    onKeyDown(event) {
      if (event.key !== 'Tab' || !dialogRef.current) return;
      const focusables = focusablesOf(dialogRef.current);
      const first = focusables[0];
      const last = focusables[focusables.length - 1];
      if (!first || !last) return;
      const active = deepActiveElement();
      if (event.shiftKey && active === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    },
  };
}
