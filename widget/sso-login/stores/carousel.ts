// Background carousel (spec section 2): cycles the group's images every cycleTime seconds
// (default 3); an image that fails to load shows the default background instead.
import { atom, type ReadableAtom } from 'nanostores';

export interface Carousel {
  $index: ReadableAtom<number>;
  $failed: ReadableAtom<ReadonlySet<number>>;
  start(): void;
  stop(): void;
  markFailed(index: number): void;
}

export function createCarousel(count: number, cycleSeconds: number): Carousel {
  const $index = atom(0);
  const $failed = atom<ReadonlySet<number>>(new Set());
  const periodMs = (Number.isFinite(cycleSeconds) && cycleSeconds > 0 ? cycleSeconds : 3) * 1000;
  let timer: ReturnType<typeof setInterval> | null = null;
  return {
    $index,
    $failed,
    start() {
      if (timer !== null || count < 2) return;
      timer = setInterval(() => $index.set(($index.get() + 1) % count), periodMs);
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
    markFailed(index) {
      const next = new Set($failed.get());
      next.add(index);
      $failed.set(next);
    },
  };
}
