// Hosts one of the widget elements in a React page. The element is created and removed outside
// React's render and commit: removing it disconnects it, and r2wc then unmounts the element's own
// React root, which React refuses to do synchronously in the middle of another root's commit
// ("Attempted to synchronously unmount a root while React was already rendering"). So the host
// div stays mounted, and a replaced element leaves in a microtask, after the commit.
import { useEffect, useRef } from 'react';

export type WidgetTag = 'sso-login' | 'app-center';

interface ElementHostProps {
  tag: WidgetTag;
  /** Attribute name -> value; undefined leaves the attribute out. */
  attributes?: Record<string, string | undefined>;
  /** Changing it creates a fresh element (e.g. a new visit to /home). */
  generation?: string | number;
  className?: string;
  /** Called with each new element; may return a clean-up. */
  onElement?: (element: HTMLElement) => void | (() => void);
}

export function ElementHost({ tag, attributes = {}, generation = 0, className, onElement }: ElementHostProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const attributesKey = JSON.stringify(attributes);
  const onElementRef = useRef(onElement);
  onElementRef.current = onElement;

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(JSON.parse(attributesKey) as Record<string, string | undefined>)) {
      if (value !== undefined) element.setAttribute(name, value);
    }
    host.append(element);
    const cleanUp = onElementRef.current?.(element);
    return () => {
      cleanUp?.();
      queueMicrotask(() => element.remove());
    };
  }, [tag, attributesKey, generation]);

  return <div ref={hostRef} className={className} />;
}
