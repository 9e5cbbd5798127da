// Which QR messengers are offered and which one opens (spec section 2): only configured ones; the
// last choice is kept in localStorage and restored, else the first configured.
// Embedded on a brand site, only messengers that return to that site (see returnsHere).
import type { ClientGroup } from '../shared/client-group.ts';

export type QrType = 'wecom' | 'feishu';

export const QR_CHOICE_STORAGE_KEY = 'sso-login.qr-type';

function originOf(url: string, base: string): string | null {
  try {
    return new URL(url, base).origin;
  } catch {
    return null;
  }
}

/**
 * The OAuth state of a QR code lives in this page's sessionStorage and is checked where the
 * messenger sends the browser back (redirect_uri). On the SSO origin itself (the API is same-origin)
 * the group's redirect_uri is its own host; an element embedded on a brand site can only finish a QR
 * login when the group returns to that very site, so elsewhere the QR code is not offered at all
 * instead of ending in the state-mismatch message.
 */
function returnsHere(redirectUri: string, apiBase: string, pageUrl: string): boolean {
  const page = new URL(pageUrl).origin;
  if (originOf(apiBase, pageUrl) === page) return true;
  return originOf(redirectUri, pageUrl) === page;
}

export function availableQrTypes(
  group: Pick<ClientGroup, 'weComConfig' | 'feishuConfig'>,
  apiBase = '/api',
  pageUrl: string = window.location.href,
): QrType[] {
  const types: QrType[] = [];
  if (group.weComConfig && returnsHere(group.weComConfig.redirect_uri, apiBase, pageUrl)) types.push('wecom');
  if (group.feishuConfig && returnsHere(group.feishuConfig.redirect_uri, apiBase, pageUrl)) types.push('feishu');
  return types;
}

function readStored(): string | null {
  try {
    return window.localStorage.getItem(QR_CHOICE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeQrChoice(type: QrType): void {
  try {
    window.localStorage.setItem(QR_CHOICE_STORAGE_KEY, type);
  } catch {
    // Storage can be unavailable (privacy mode); the choice then lasts for this page only.
  }
}

export function initialQrType(available: QrType[]): QrType | null {
  const stored = readStored();
  const restored = available.find((type) => type === stored);
  return restored ?? available[0] ?? null;
}
