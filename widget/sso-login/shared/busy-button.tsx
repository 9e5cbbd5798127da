// A button that shows it is waiting and cannot be pressed again meanwhile. While busy it stays
// enabled but aria-disabled: a disabled button drops the keyboard focus (to <body>), and a keyboard
// or screen-reader user would have to find their place again. A press while busy does nothing
// (the store's guarded() refuses a second run too).
import type { ButtonHTMLAttributes, MouseEvent } from 'react';

interface BusyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  busy: boolean;
  label: string;
  busyLabel: string;
}

export function BusyButton({ busy, label, busyLabel, disabled, className, onClick, ...rest }: BusyButtonProps) {
  return (
    <button
      {...rest}
      className={className ?? 'sso-button sso-button--primary sso-button--block'}
      disabled={disabled}
      aria-disabled={busy ? 'true' : undefined}
      aria-busy={busy ? 'true' : undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        // No second submit and no second click handler while the first one waits.
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
      part="button"
    >
      {busy ? <span className="sso-spinner" aria-hidden="true" /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}
