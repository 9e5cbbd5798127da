// Which QR messengers are offered and which one opens (spec section 2): only configured ones; the
// last choice is kept in localStorage and restored, else the first configured.
import type { ClientGroup } from './client-group.ts';

export type QrType = 'wecom' | 'feishu';

export const QR_CHOICE_STORAGE_KEY = 'sso-login.qr-type';

export function availableQrTypes(group: Pick<ClientGroup, 'weComConfig' | 'feishuConfig'>): QrType[] {
  const types: QrType[] = [];
  if (group.weComConfig) types.push('wecom');
  if (group.feishuConfig) types.push('feishu');
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
