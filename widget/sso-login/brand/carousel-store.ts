// Background carousel (spec section 2): cycles the group's images every cycleTime seconds
// (default 3); an image that fails to load shows the default background instead. It can be paused
// (WCAG 2.2.2) and starts paused when the visitor asks for reduced motion.
import { atom, type WritableAtom } from 'nanostores';

export interface Carousel {
  $index: WritableAtom<number>;
  $failed: WritableAtom<ReadonlySet<number>>;
  /** Paused by the visitor (the pause control) or by prefers-reduced-motion. */
  $paused: WritableAtom<boolean>;
  count: number;
  periodMs: number;
  /** The running interval; null when stopped. */
  timer: ReturnType<typeof setInterval> | null;
}

export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

export function createCarousel(count: number, cycleSeconds: number, paused = prefersReducedMotion()): Carousel {
  return {
    $index: atom(0),
    $failed: atom<ReadonlySet<number>>(new Set()),
    $paused: atom(paused),
    count,
    periodMs: (Number.isFinite(cycleSeconds) && cycleSeconds > 0 ? cycleSeconds : 3) * 1000,
    timer: null,
  };
}

export function startCarousel(carousel: Carousel): void {
  if (carousel.timer !== null || carousel.count < 2 || carousel.$paused.get()) return;
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

/** The pause control: stops or resumes the cycle where it is. */
export function setCarouselPaused(carousel: Carousel, paused: boolean): void {
  carousel.$paused.set(paused);
  if (paused) stopCarousel(carousel);
  else startCarousel(carousel);
}
