// The six brand variants of spec section 1: their words and colours (brand-copy.ts) with their
// artwork (logos.tsx).
import type { Brand, BrandCode } from './brand.ts';
import { DefaultLogo, ExeedLogo, IcarLogo, KeyAccountLogo, OperationLogo, YingfengLogo } from './logos.tsx';
import { BRAND_COPY, brandCodeOf } from './brand-copy.ts';

export { brandCodeOf } from './brand-copy.ts';

const LOGOS: Record<BrandCode, Brand['Logo']> = {
  default: DefaultLogo,
  'key-account': KeyAccountLogo,
  operation: OperationLogo,
  yingfeng: YingfengLogo,
  icar: IcarLogo,
  exeed: ExeedLogo,
};

export type { Brand, BrandCode } from './brand.ts';

const BRANDS = Object.fromEntries(
  (Object.keys(BRAND_COPY) as BrandCode[]).map((code) => [code, { ...BRAND_COPY[code], Logo: LOGOS[code] }]),
) as Record<BrandCode, Brand>;

export function getBrand(code?: string | null): Brand {
  return BRANDS[brandCodeOf(code)];
}
