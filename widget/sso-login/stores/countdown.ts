// The "send code" button's countdown (60 s), one per form.
import { atom, type ReadableAtom } from 'nanostores';

export const SMS_RESEND_SECONDS = 60;

export interface Countdown {
  $seconds: ReadableAtom<number>;
  start(seconds?: number): void;
  stop(): void;
}

export function createCountdown(): Countdown {
  const $seconds = atom(0);
  let timer: ReturnType<typeof setInterval> | null = null;
  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    $seconds.set(0);
  }
  return {
    $seconds,
    stop,
    start(seconds = SMS_RESEND_SECONDS) {
      stop();
      $seconds.set(seconds);
      timer = setInterval(() => {
        const next = $seconds.get() - 1;
        if (next <= 0) stop();
        else $seconds.set(next);
      }, 1000);
    },
  };
}
