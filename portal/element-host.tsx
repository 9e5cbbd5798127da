// Hosts one of the widget elements in a React page. The element is created and removed outside
// React's render and commit: removing it disconnects it, and r2wc then unmounts the element's own
// React root, which React refuses to do synchronously in the middle of another root's commit
// ("Attempted to synchronously unmount a root while React was already rendering"). So the
// container stays, and a replaced element leaves in a microtask, after the commit.
import { useEffect, useRef, type RefObject } from 'react';
import { createWidgetElement, type WidgetSpec, type WidgetTag } from './widget-element.ts';

export type { WidgetTag } from './widget-element.ts';

interface HostedElementOptions extends WidgetSpec {
  /** Changing it creates a fresh element (e.g. a new visit to /home). */
  generation?: string | number;
  /** Called with each new element; may return a clean-up. */
  onElement?: (element: HTMLElement) => void | (() => void);
  /**
   * An element of this tag already in the container, made before React ran (the portal's first
   * view, drawn by the widget's loader before React arrived): the first mount keeps it, so what
   * the user typed and the focus stay.
   */
  initial?: HTMLElement | null;
}

/** Keeps the element in `container`, replaced when the tag, the attributes or the generation change. */
export function useHostedElement(container: RefObject<HTMLElement | null>, options: HostedElementOptions): void {
  const { tag, attributes, generation = 0 } = options;
  const attributesKey = JSON.stringify(attributes);
  const onElementRef = useRef(options.onElement);
  onElementRef.current = options.onElement;
  const initialRef = useRef(options.initial ?? null);

  useEffect(() => {
    const host = container.current;
    if (!host) return undefined;
    const initial = initialRef.current;
    initialRef.current = null;
    const element = initial?.localName === tag && initial.parentNode === host
      ? initial
      : createWidgetElement({ tag, attributes: JSON.parse(attributesKey) as WidgetSpec['attributes'] });
    if (element !== initial) host.append(element);
    const cleanUp = onElementRef.current?.(element);
    return () => {
      cleanUp?.();
      queueMicrotask(() => element.remove());
    };
  }, [container, tag, attributesKey, generation]);
}

interface ElementHostProps {
  tag: WidgetTag;
  attributes?: WidgetSpec['attributes'];
  generation?: string | number;
  className?: string;
  onElement?: (element: HTMLElement) => void | (() => void);
}

/** A div of its own holding the element (the demo page's panes). */
export function ElementHost({ tag, attributes = {}, generation = 0, className, onElement }: ElementHostProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  useHostedElement(hostRef, { tag, attributes, generation, onElement });
  return <div ref={hostRef} className={className} />;
}
