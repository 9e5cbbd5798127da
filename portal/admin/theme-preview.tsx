// A live <sso-login> beside the group form, in the form's colours. The colours go onto the element
// as the same --sso-* custom properties its group theme sets (widget/sso-login/brand/brand-theme-css.ts),
// through CSSOM (element.style.setProperty), which the strict CSP allows, and the page's values win
// over the theme's. The preview is inert (nobody signs in there) and its sign-in events are held.
import { useEffect, useRef } from 'react';
import '../../widget/index.ts';
import { BRAND_COPY } from '../../widget/brands/brand-copy.ts';
import { ElementHost } from '../element-host.tsx';
import { ThemePreviewText } from './groups.messages.ts';

export interface PreviewColours {
  primaryColor: string;
  primaryHoverColor: string;
  backgroundFrom: string;
  backgroundTo: string;
}

/** The default look's colours (what a group without a theme wears). */
export const DEFAULT_COLOURS: PreviewColours = coloursOf(BRAND_COPY.default.theme);

/** The four colours alone (a theme also carries its logo). */
export function coloursOf(theme: PreviewColours): PreviewColours {
  const { primaryColor, primaryHoverColor, backgroundFrom, backgroundTo } = theme;
  return { primaryColor, primaryHoverColor, backgroundFrom, backgroundTo };
}

/** The custom properties of brand-theme-css.ts themeCss, as a record. */
export function themeProperties(colours: PreviewColours): Record<string, string> {
  const p = colours.primaryColor;
  return {
    '--sso-color-primary': p,
    '--sso-color-primary-hover': colours.primaryHoverColor,
    '--sso-color-info': p,
    '--sso-focus-ring': `0 0 0 3px ${p}8c`,
    '--sso-default-background': `linear-gradient(135deg, ${colours.backgroundFrom} 0%, ${p} 55%, ${colours.backgroundTo} 100%)`,
  };
}

const HEX = /^#[0-9a-fA-F]{6}$/;

export function ThemePreview({ colours, ssoDomain }: { colours: PreviewColours; ssoDomain: string | null }) {
  const elementRef = useRef<HTMLElement | null>(null);
  const coloursRef = useRef(colours);
  coloursRef.current = colours;

  function paint(element: HTMLElement | null) {
    if (!element) return;
    const current = coloursRef.current;
    const usable = Object.values(coloursOf(current)).every((value) => HEX.test(value));
    for (const [name, value] of Object.entries(themeProperties(usable ? current : DEFAULT_COLOURS))) element.style.setProperty(name, value);
  }

  useEffect(() => paint(elementRef.current), [colours.primaryColor, colours.primaryHoverColor, colours.backgroundFrom, colours.backgroundTo]);

  return (
    <figure className="theme-preview">
      <figcaption>{ThemePreviewText.caption(ssoDomain)}</figcaption>
      <ElementHost
        tag="sso-login"
        className="theme-preview__frame"
        attributes={ssoDomain ? { 'sso-domain': ssoDomain } : {}}
        onElement={(element) => {
          elementRef.current = element;
          element.setAttribute('inert', '');
          paint(element);
          const hold = (event: Event) => event.preventDefault();
          element.addEventListener('sso-login-success', hold);
          return () => {
            element.removeEventListener('sso-login-success', hold);
            if (elementRef.current === element) elementRef.current = null;
          };
        }}
      />
    </figure>
  );
}
