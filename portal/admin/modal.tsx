// A modal dialog on the native <dialog> (showModal): the browser keeps the focus inside and the
// page behind inert; Esc asks `onClose` (ignored while `busy`). The focus goes back to where it
// was when the dialog closes.
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: string;
  onClose(): void;
  busy?: boolean;
  /** alertdialog for a confirmation that interrupts; dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  describedBy?: string;
  className?: string;
  children: ReactNode;
}

export function Modal({ title, onClose, busy = false, role = 'dialog', describedBy, className, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    const dialog = ref.current;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      if (before?.isConnected) before.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal${className ? ` ${className}` : ''}`}
      role={role}
      aria-labelledby={titleId}
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={titleId} className="modal__title">{title}</h2>
      {children}
    </dialog>
  );
}
