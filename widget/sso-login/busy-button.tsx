// A button that shows it is waiting and cannot be pressed again meanwhile.
import type { ButtonHTMLAttributes } from 'react';

interface BusyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  busy: boolean;
  label: string;
  busyLabel: string;
}

export function BusyButton({ busy, label, busyLabel, disabled, className, ...rest }: BusyButtonProps) {
  return (
    <button
      {...rest}
      className={className ?? 'sso-button sso-button--primary sso-button--block'}
      disabled={busy || disabled}
      aria-busy={busy ? 'true' : undefined}
      part="button"
    >
      {busy ? <span className="sso-spinner" aria-hidden="true" /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}
