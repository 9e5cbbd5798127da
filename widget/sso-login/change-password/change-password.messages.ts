// Texts that explain the forced change-password dialog: why (AU00153: password too old; AU00154:
// first login) and, for an aged password within the server's grace, until when 稍后修改 works.
import type { PasswordAgedDetail } from '../../../contract/endpoints/auth.ts';
import { PASSWORD_AGED } from '../password/password.messages.ts';

export const POSTPONE_CHANGE = '稍后修改';
export const POSTPONING = '登录中…';
export const FIRST_LOGIN_EXPLAINED = '首次登录或密码被管理员重置后，必须先设置自己的新密码才能登录。';

/** The date a postponement ends, as the user reads it (2026年12月9日). */
const chineseDate = (epochMs: number): string => {
  const date = new Date(epochMs);
  return `${date.getFullYear()}年${date.getMonth() + 1}月${date.getDate()}日`;
};

export function agedExplained(detail: PasswordAgedDetail | undefined): string {
  if (!detail) return PASSWORD_AGED;
  const why = `您的密码已 ${detail.ageDays} 天未修改，超过了 ${detail.maxAgeDays} 天的有效期。`;
  if (detail.postponeUntil === null) return `${why}宽限期已过，修改后才能登录。`;
  return `${why}也可以稍后修改：${chineseDate(detail.postponeUntil)}前仍可直接登录，之后必须修改。`;
}

export const REQUIRED_OLD_PASSWORD = '请输入原密码';
export const NEW_PASSWORD_SAME = '新密码不能与原密码相同';
export const PASSWORD_CHANGED = '密码修改成功，请使用新密码登录';
export const CHANGE_PASSWORD_TITLE = '修改密码';
export const OLD_PASSWORD_LABEL = '原密码';
