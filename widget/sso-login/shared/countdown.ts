// The "send code" button's countdown (the server's resend cooldown, login-store.ts $smsCooldown), one per form.
import { atom, type WritableAtom } from 'nanostores';

export interface Countdown {
  $seconds: WritableAtom<number>;
  /** The running interval; null when stopped. */
  timer: ReturnType<typeof setInterval> | null;
}

export function createCountdown(): Countdown {
  return { $seconds: atom(0), timer: null };
}

export function stopCountdown(countdown: Countdown): void {
  if (countdown.timer !== null) clearInterval(countdown.timer);
  countdown.timer = null;
  countdown.$seconds.set(0);
}

export function startCountdown(countdown: Countdown, seconds: number): void {
  stopCountdown(countdown);
  if (seconds <= 0) return;
  countdown.$seconds.set(seconds);
  countdown.timer = setInterval(() => {
    const next = countdown.$seconds.get() - 1;
    if (next <= 0) stopCountdown(countdown);
    else countdown.$seconds.set(next);
  }, 1000);
}
