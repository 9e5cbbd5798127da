import type { JSX } from 'react';

export type BrandCode = 'default' | 'key-account' | 'operation' | 'yingfeng' | 'icar' | 'exeed';

export interface Brand {
  code: BrandCode;
  title: string;
  subtitle: string;
  slogans: [string, string];
  Logo: (props: { className?: string }) => JSX.Element;
}
