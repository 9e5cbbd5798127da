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

export const KIND_NAMES = { staff: '员工', dealer: '经销商' } as const;

/** The list, its search and its columns (accounts-section.tsx). */
export const AccountListText = {
  heading: '账号',
  search: '搜索账号',
  query: '用户名或手机号',
  group: '客户群',
  allGroups: '全部',
  searchButton: '搜索',
  searching: '搜索中…',
  create: '新建账号',
  retry: '重试',
  loading: '正在加载…',
  none: '没有找到账号。',
  caption: '账号列表',
  columns: { username: '用户名', phone: '手机号', kind: '类型', groups: '客户群', state: '状态', actions: '操作' },
  /** A group the account has through a directory mapping. */
  directoryGroup: (code: string) => `${code}（目录）`,
  listSeparator: '、',
  manage: '管理',
  manageOne: (username: string) => `管理账号 ${username}`,
  pages: '账号列表分页',
} as const;

/** An account's panel (account-detail.tsx). */
export const AccountDetailText = {
  title: (username: string) => `账号：${username}`,
  close: '关闭',
  kind: '类型',
  phone: '手机号',
  state: '状态',
  createdAt: '创建时间',
  origin: '来源',
  passwordChangedAt: '密码修改时间',
  resetPassword: '重置密码',
  unlock: '解锁',
  unlocked: '账号已解锁',
  enable: '启用账号',
  disable: '停用账号',
  disableConfirm: (username: string) => `停用账号 ${username}？停用后该账号不能以任何方式登录，它的所有会话立即结束，已登录的应用将被单点退出。`,
  disabled: '账号已停用，会话已结束',
  enabled: '账号已启用',
  grantAdmin: '授予管理员',
  revokeAdmin: '撤销管理员',
  grantAdminConfirm: (username: string) => `授予 ${username} 管理员权限？该账号将可以登录管理控制台并修改所有配置。`,
  revokeAdminConfirm: (username: string) => `撤销 ${username} 的管理员权限？`,
  adminGranted: '已授予管理员权限',
  adminRevoked: '已撤销管理员权限',
  groups: '所属客户群',
  saveGroups: '保存客户群',
  savingGroups: '正在保存…',
  groupsSaved: '客户群已保存',
  passwordReset: '密码已重置，会话已结束；该账号下次登录须修改密码',
} as const;

/** An account's sessions in its panel (account-sessions.tsx). */
export const AccountSessionsText = {
  heading: '会话',
  refresh: '刷新',
  refreshing: '刷新中…',
  endAll: '结束全部会话',
  endingAll: '正在结束…',
  endAllConfirm: (username: string) => `结束 ${username} 的全部会话？该账号将在所有设备上退出，已登录的应用会收到单点退出通知。`,
  ended: (count: number) => `已结束 ${count} 个会话`,
  loading: '正在加载…',
  none: '该账号当前没有会话。',
  caption: (username: string) => `${username} 的会话`,
  columns: { started: '开始时间', lastSeen: '最近活动', apps: '已登录的应用', actions: '操作' },
  appsSeparator: '、',
  end: '结束',
  endOne: (started: string) => `结束 ${started} 开始的会话`,
} as const;

/** 新建账号 (account-create-form.tsx). */
export const AccountCreateText = {
  title: '新建账号',
  username: '用户名',
  usernameHint: '小写英文字母和数字',
  requiredUsername: '请输入用户名',
  badUsername: (maxLength: number) => `用户名只能包含小写英文字母和数字，最多 ${maxLength} 位`,
  phone: '手机号',
  phoneHint: '可留空',
  password: '初始密码',
  passwordHint: (rule: string) => `${rule}；账号首次登录时须修改`,
  confirm: '确认初始密码',
  kind: '账号类型',
  groups: '所属客户群',
  noGroupConfirm: '未选择所属客户群：该账号登录后看不到任何应用。仍然创建？',
  createAnyway: '仍然创建',
  create: '创建账号',
  creating: '正在创建…',
  cancel: '取消',
} as const;

/** 重置密码 (reset-password-dialog.tsx). */
export const ResetPasswordText = {
  title: (username: string) => `重置密码：${username}`,
  intro: '设置新密码后，该账号的所有会话立即结束，已登录的应用将被退出；账号下次登录时须修改密码。',
  password: '新密码',
  confirm: '确认新密码',
  cancel: '取消',
  reset: '重置密码',
  resetting: '正在重置…',
} as const;
