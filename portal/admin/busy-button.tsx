// A button that waits: disabled and saying so while its action runs (aria-busy, a spinner, the
// waiting label), so it cannot be pressed twice.
import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';

interface BusyButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  busy: boolean;
  /** What the button says while waiting (default: its own label with …). */
  busyLabel?: string;
  variant?: 'primary' | 'danger' | 'plain' | 'link';
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function BusyButton({ busy, busyLabel, variant = 'plain', children, disabled, type = 'button', className, ref, ...rest }: BusyButtonProps) {
  return (
    <button
      {...rest}
      ref={ref}
      type={type}
      className={`btn btn--${variant}${className ? ` ${className}` : ''}`}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy ? <span className="btn__spinner" aria-hidden="true" /> : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
