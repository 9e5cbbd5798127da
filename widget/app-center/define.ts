// Registers <app-center> (skipped when the tag is already defined: a page may load the script twice).
import { defineElement } from '../core/define-element.ts';
import { baseStyles } from '../core/base.styles.ts';
import { AppCenter } from './app-center.tsx';
import { appCenterStyles } from './app-center.styles.ts';

export const appCenterProps = { apiBase: 'string', ssoDomain: 'string', brand: 'string' } as const;

export function defineAppCenter(): CustomElementConstructor {
  return defineElement('app-center', AppCenter, { props: { ...appCenterProps }, styles: [baseStyles, appCenterStyles] });
}

defineAppCenter();
