// Background carousel (spec section 2): cycles the group's images every cycleTime seconds
// (default 3); an image that fails to load shows the default background instead.
import { atom, type WritableAtom } from 'nanostores';

export interface Carousel {
  $index: WritableAtom<number>;
  $failed: WritableAtom<ReadonlySet<number>>;
  count: number;
  periodMs: number;
  /** The running interval; null when stopped. */
  timer: ReturnType<typeof setInterval> | null;
}

export function createCarousel(count: number, cycleSeconds: number): Carousel {
  return {
    $index: atom(0),
    $failed: atom<ReadonlySet<number>>(new Set()),
    count,
    periodMs: (Number.isFinite(cycleSeconds) && cycleSeconds > 0 ? cycleSeconds : 3) * 1000,
    timer: null,
  };
}

export function startCarousel(carousel: Carousel): void {
  if (carousel.timer !== null || carousel.count < 2) return;
  const { $index, count } = carousel;
  carousel.timer = setInterval(() => $index.set(($index.get() + 1) % count), carousel.periodMs);
}

export function stopCarousel(carousel: Carousel): void {
  if (carousel.timer !== null) clearInterval(carousel.timer);
  carousel.timer = null;
}

export function markImageFailed(carousel: Carousel, index: number): void {
  const next = new Set(carousel.$failed.get());
  next.add(index);
  carousel.$failed.set(next);
}
