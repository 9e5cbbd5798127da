// JSX typing of the two custom elements for the portal and the demo (React 19 passes attributes
// of custom elements through as attributes).
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type ElementProps<Attributes> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & Attributes;

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'sso-login': ElementProps<{ 'api-base'?: string; 'sso-domain'?: string; brand?: string }>;
      'app-center': ElementProps<{ 'api-base'?: string; 'sso-domain'?: string; brand?: string }>;
    }
  }
}
