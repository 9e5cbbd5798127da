// Background images of the client group, cycling every cycleTime seconds; the default background
// (a CSS gradient in the stylesheet) shows when there are none or the current one failed. With two
// images or more a visible pause control stops it (WCAG 2.2.2); under prefers-reduced-motion it
// starts paused and switches without a fade.
import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import { createCarousel, markImageFailed, setCarouselPaused, startCarousel, stopCarousel } from './carousel-store.ts';
import { CAROUSEL_PAUSE, CAROUSEL_PLAY } from './brand.messages.ts';

interface BackgroundCarouselProps {
  images: string[];
  cycleTime: number;
}

export function BackgroundCarousel({ images, cycleTime }: BackgroundCarouselProps) {
  const key = images.join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const carousel = useMemo(() => createCarousel(images.length, cycleTime), [key, cycleTime]);
  const index = useStore(carousel.$index);
  const failed = useStore(carousel.$failed);
  const paused = useStore(carousel.$paused);

  useEffect(() => {
    startCarousel(carousel);
    return () => stopCarousel(carousel);
  }, [carousel]);

  const current = images[index];
  const showDefault = current === undefined || failed.has(index);
  return (
    <>
      <div className="sso-carousel" part="background" data-index={index} data-default={showDefault ? 'true' : 'false'} data-paused={paused ? 'true' : 'false'}>
        <div className="sso-carousel__default" />
        {images.map((src, position) =>
          failed.has(position) ? null : (
            <img
              key={`${position}:${src}`}
              className={`sso-carousel__image${position === index ? ' is-active' : ''}`}
              src={src}
              alt=""
              onError={() => markImageFailed(carousel, position)}
            />
          ),
        )}
      </div>
      {images.length > 1 ? (
        <button
          type="button"
          className="sso-carousel__control"
          aria-pressed={paused}
          aria-label={CAROUSEL_PAUSE}
          title={paused ? CAROUSEL_PLAY : CAROUSEL_PAUSE}
          onClick={() => setCarouselPaused(carousel, !paused)}
          part="carousel-control"
        >
          <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
        </button>
      ) : null}
    </>
  );
}
