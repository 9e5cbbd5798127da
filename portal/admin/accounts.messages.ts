// The texts of the console's 账号 section: the list, an account's panel (its state, groups,
// sessions), a new account and a password reset. Refusals the server sends are contract/errors.ts's;
// the directory markers directory.messages.ts's; the shared pieces console.messages.ts's.

/** The badges of an account's state (account-flags.ts). */
export const AccountFlagText = {
  disabled: '已停用',
  active: '正常',
  lockedUntil: (time: string) => `锁定至 ${time}`,
  admin: '管理员',
  mustChangePassword: '须修改密码',
} as const;
