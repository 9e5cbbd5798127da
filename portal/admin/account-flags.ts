// The badges of an account's state (停用, 锁定, 管理员, 须修改密码, 目录账号).
import type { ConsoleAccount } from '../../contract/endpoints/console.ts';
import { formatTime } from './format.ts';
import { accountOrigin } from './account-directory.ts';
import { DIRECTORY_TEXT } from './directory.messages.ts';
import { AccountFlagText } from './accounts.messages.ts';

export function isLocked(account: ConsoleAccount, now = Date.now()): boolean {
  return account.lockedUntil !== null && account.lockedUntil > now;
}

export function accountFlags(account: ConsoleAccount): Array<{ text: string; tone: string }> {
  const flags: Array<{ text: string; tone: string }> = [];
  if (account.disabled) flags.push({ text: AccountFlagText.disabled, tone: 'badge--off' });
  else flags.push({ text: AccountFlagText.active, tone: 'badge--on' });
  if (isLocked(account)) flags.push({ text: AccountFlagText.lockedUntil(formatTime(account.lockedUntil)), tone: 'badge--warn' });
  if (account.isAdmin) flags.push({ text: AccountFlagText.admin, tone: '' });
  if (account.mustChangePassword) flags.push({ text: AccountFlagText.mustChangePassword, tone: '' });
  if (accountOrigin(account).directoryId) flags.push({ text: DIRECTORY_TEXT.directoryMarker, tone: 'badge--directory' });
  return flags;
}
