// The words and colours of the six brand variants of spec section 1 (copy is ours), without their
// artwork (logos.tsx, React components): the first paint (sso-login/first-paint/first-paint.ts) draws the brand
// panel from these before React is loaded. Unknown codes fall back to the default variant; ka and
// keyaccount both mean key-account.
import type { BrandCode, BrandCopy } from './brand.ts';

const colours = (primaryColor: string, primaryHoverColor: string, backgroundFrom: string, backgroundTo: string) =>
  ({ primaryColor, primaryHoverColor, backgroundFrom, backgroundTo, logoUrl: null });

export const BRAND_COPY: Record<BrandCode, BrandCopy> = {
  default: {
    code: 'default',
    title: '企业统一登录平台',
    subtitle: '一个账号，通行全部业务应用',
    slogans: ['安全登录，统一管理', '销售与服务，一站直达'],
    theme: colours('#1f5eff', '#1348d4', '#0b1f4d', '#6ea8ff'),
  },
  'key-account': {
    code: 'key-account',
    title: '大客户营销平台',
    subtitle: '服务大客户的每一个环节',
    slogans: ['客户洞察，精准营销', '协同作战，高效签约'],
    theme: colours('#7a2fd1', '#6421b0', '#2a0f4f', '#a66bf0'),
  },
  operation: {
    code: 'operation',
    title: '运营管理平台',
    subtitle: '数据驱动的经营管理',
    slogans: ['指标透明，过程可控', '决策有据，执行有力'],
    theme: colours('#0f766e', '#0b5d57', '#06302d', '#34b3a6'),
  },
  yingfeng: {
    code: 'yingfeng',
    title: '盈峰业务平台',
    subtitle: '携手伙伴，共攀高峰',
    slogans: ['渠道协同，业绩攀升', '服务到位，口碑相传'],
    theme: colours('#b91c1c', '#991b1b', '#450a0a', '#f87171'),
  },
  icar: {
    code: 'icar',
    title: 'iCAR 经销商平台',
    subtitle: '为新一代出行而生',
    slogans: ['潮流出行，智享生活', '经销服务，一键触达'],
    theme: colours('#0369a1', '#075985', '#111827', '#38bdf8'),
  },
  exeed: {
    code: 'exeed',
    title: '星途 EXEED 经销商平台',
    subtitle: '向上而行，星途同行',
    slogans: ['品质服务，星级体验', '数据互通，高效协同'],
    theme: colours('#7c5e22', '#654c1b', '#0f172a', '#475569'),
  },
};

const ALIASES: Record<string, BrandCode> = {
  ka: 'key-account',
  keyaccount: 'key-account',
  'key-account': 'key-account',
  operation: 'operation',
  yingfeng: 'yingfeng',
  icar: 'icar',
  exeed: 'exeed',
  default: 'default',
};

export function brandCodeOf(code?: string | null): BrandCode {
  return ALIASES[(code ?? '').trim().toLowerCase()] ?? 'default';
}
