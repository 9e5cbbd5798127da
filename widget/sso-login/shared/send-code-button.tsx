// The send-code button: inert (aria-disabled) while sending and while its countdown runs ("59秒后重新获取").
import { useStore } from '@nanostores/react';
import type { Countdown } from './countdown.ts';
import { resendIn } from '../sso-login.messages.ts';

interface SendCodeButtonProps {
  countdown: Countdown;
  busy: boolean;
  label: string;
  busyLabel: string;
  onSend(): void;
}

export function SendCodeButton({ countdown, busy, label, busyLabel, onSend }: SendCodeButtonProps) {
  const seconds = useStore(countdown.$seconds);
  const waiting = seconds > 0;
  return (
    <button
      type="button"
      className="sso-button sso-button--secondary sso-send-code"
      // aria-disabled, not disabled: the button keeps the focus while it sends and counts down.
      aria-disabled={busy || waiting ? 'true' : undefined}
      aria-busy={busy ? 'true' : undefined}
      data-seconds={seconds}
      onClick={() => {
        if (!busy && !waiting) onSend();
      }}
      part="button send-code"
    >
      {busy ? busyLabel : waiting ? resendIn(seconds) : label}
    </button>
  );
}
