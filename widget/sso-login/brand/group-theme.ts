// A group theme as the widget accepts it: exactly the contract's forms (contract/rules/theme.ts),
// since the colours go into a stylesheet and the logo into an <img src>.
import type { GroupTheme } from '../../../contract/endpoints/catalog.ts';
import { THEME_COLOR_KEYS, THEME_COLOR_PATTERN, THEME_LOGO_PATTERN } from '../../../contract/rules/theme.ts';

/** A theme of exactly the contract's forms, else null (the default look). */
export function normalizeTheme(raw: unknown): GroupTheme | null {
  if (!raw || typeof raw !== 'object') return null;
  const value = raw as Record<string, unknown>;
  for (const key of THEME_COLOR_KEYS) {
    if (typeof value[key] !== 'string' || !THEME_COLOR_PATTERN.test(value[key])) return null;
  }
  const logo = value.logoUrl;
  return {
    primaryColor: value.primaryColor as string,
    primaryHoverColor: value.primaryHoverColor as string,
    backgroundFrom: value.backgroundFrom as string,
    backgroundTo: value.backgroundTo as string,
    logoUrl: typeof logo === 'string' && THEME_LOGO_PATTERN.test(logo) ? logo : null,
  };
}
