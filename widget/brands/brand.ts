import type { JSX } from 'react';
import type { GroupTheme } from '../../contract/endpoints/catalog.ts';

export type BrandCode = 'default' | 'key-account' | 'operation' | 'yingfeng' | 'icar' | 'exeed';

/** A brand without its artwork: what the first paint, before React, can draw. */
export type BrandCopy = Omit<Brand, 'Logo'>;

export interface Brand {
  code: BrandCode;
  title: string;
  subtitle: string;
  slogans: [string, string];
  Logo: (props: { className?: string }) => JSX.Element;
  /**
   * The brand's own colours, the same as its demo group's theme: worn when a brand attribute names
   * this brand on a host of another group (the group's theme would not fit it).
   */
  theme: GroupTheme;
}
