// The topmost open modal <dialog> of the shadow root an element lives in, kept up to date.
// A modal dialog sits in the browser's top layer, above every z-index, with a backdrop that covers
// the page, and makes everything outside it inert: a toast meant to be seen (and closed) while a
// dialog is open has to be inside that dialog (notice-layer.tsx portals the toast stack there).
import { useEffect, useState, type RefObject } from 'react';

function topModalDialog(root: Document | ShadowRoot): HTMLDialogElement | null {
  const open = Array.from(root.querySelectorAll<HTMLDialogElement>('dialog[open]')).filter((dialog) => dialog.matches(':modal'));
  // Several open: the one shown last is on top; tree order is the best guess from here, and the
  // element opens one at a time anyway (system prompts queue; the change dialog waits for the confirm).
  return open[open.length - 1] ?? null;
}

export function useTopModalDialog(anchor: RefObject<Element | null>): HTMLDialogElement | null {
  const [dialog, setDialog] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    const root = anchor.current?.getRootNode();
    if (!(root instanceof ShadowRoot) && !(root instanceof Document)) return undefined;
    const update = () => setDialog(topModalDialog(root));
    // showModal() and close() flip the open attribute; a dialog can also just be removed.
    const observer = new MutationObserver(update);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    update();
    return () => observer.disconnect();
  }, [anchor]);
  return dialog;
}
