// The only place that knows about custom elements: wraps a React component with r2wc into an
// element with an open shadow root and adopts its constructable stylesheets there (no <style>
// tags, no inline styles: the widget must run under a strict Content-Security-Policy).
import r2wc from '@r2wc/react-to-web-component';
import type { ComponentType } from 'react';
import { WIDGET_VERSION } from './version.ts';

export type PropKind = 'string' | 'number' | 'boolean' | 'json' | 'function' | 'method';

/** Props every element component receives from r2wc: the shadow root it renders into. */
export interface ElementContainerProps {
  container?: ShadowRoot;
}

export interface DefineOptions {
  /** camelCase prop name -> kind; r2wc maps apiBase to the attribute api-base. */
  props: Record<string, PropKind>;
  /** CSS texts, adopted in this order (shared base first). */
  styles: string[];
  /**
   * A slot put in the fresh shadow root: light content drawn before the element was defined (the
   * first paint of <sso-login>) stays visible until React's first commit, which removes the slot
   * (React does not empty a shadow-root container at its first render).
   */
  firstPaintSlot?: string;
}

const sheetCache = new Map<string, CSSStyleSheet>();

function sheetFor(cssText: string): CSSStyleSheet {
  let sheet = sheetCache.get(cssText);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    sheetCache.set(cssText, sheet);
  }
  return sheet;
}

/**
 * Defines `tag` unless it already is (a page may load the widget script twice). A clash with a
 * different version of this library is reported, not thrown: the first definition stays.
 */
export function defineElement<P extends object>(
  tag: string,
  component: ComponentType<P>,
  options: DefineOptions,
): CustomElementConstructor {
  const existing = customElements.get(tag) as (CustomElementConstructor & { widgetVersion?: string }) | undefined;
  if (existing) {
    if (existing.widgetVersion !== WIDGET_VERSION) {
      console.warn(
        `<${tag}> is already defined by version ${existing.widgetVersion ?? 'unknown'}; ` +
          `version ${WIDGET_VERSION} was not registered.`,
      );
    }
    return existing;
  }
  const Base = r2wc(component as ComponentType<object>, { shadow: 'open', props: options.props });
  class WidgetElement extends Base {
    static widgetVersion = WIDGET_VERSION;
    constructor() {
      super();
      const root = this.shadowRoot;
      if (!root) return;
      root.adoptedStyleSheets = options.styles.map(sheetFor);
      if (options.firstPaintSlot) {
        const slot = document.createElement('slot');
        slot.name = options.firstPaintSlot;
        root.append(slot);
      }
    }
  }
  customElements.define(tag, WidgetElement);
  return WidgetElement;
}
