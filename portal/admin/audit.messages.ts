// The Chinese names of what the server writes into the audits (the console's 审计, and a person's
// own 最近登录记录 on /account): the sign-in method (sign-in-methods.ts lists them), the result of
// a sign-in attempt (server/auth, server/mfa, server/passkey, server/console audit(...) /
// recordLogin) and the administrator actions (recordAdminAction in server/console and
// server/cli.ts). An unknown value (an older or newer server) shows as stored.
// test/server/console/audit-labels.test.ts checks that every value the server code writes has a
// name here.
// The 审计 section's own words (filters, columns, buttons) are AuditText, at the end.
import type { SignInMethodName } from '../../contract/rules/sign-in-methods.ts';

export const METHOD_NAMES = {
  password: '密码',
  mobile: '短信验证码',
  wecom: '企业微信',
  feishu: '飞书',
  console: '管理控制台',
  totp: '密码 + 动态验证码',
  recovery_code: '密码 + 恢复码',
  passkey: '通行密钥',
} as const satisfies Record<SignInMethodName, string>;

export const SIGN_IN_RESULT_NAMES: Readonly<Record<string, string>> = {
  success: '成功',
  bad_credentials: '用户名或密码错误',
  locked: '账号已锁定',
  disabled: '账号已停用',
  not_admin: '不是管理员',
  must_change: '须先修改密码',
  password_expired: '密码已过期',
  change_postponed: '成功（暂缓修改密码）',
  password_reset: '已重置密码',
  bad_code: '验证码无效',
  unlinked: '未绑定账号',
  bad_passkey: '通行密钥验证失败',
  passkey_required: '须用通行密钥',
  second_factor_asked: '待输入动态验证码',
  enrolment_required: '须绑定身份验证器',
  bad_otp: '动态验证码错误',
  otp_reused: '动态验证码已用过',
  bad_recovery_code: '恢复码错误',
  directory_down: '目录服务不可用',
};

const CLI_COMMAND_NAMES: Readonly<Record<string, string>> = {
  'add-user': '添加用户',
  link: '绑定外部身份',
  import: '导入数据',
  'allow-origin': '允许嵌入来源',
  'revoke-origin': '撤销嵌入来源',
  seed: '写入示例数据',
  grant: '加入客户群',
  revoke: '移出客户群',
  'add-client': '添加客户端',
  'remove-client': '删除客户端',
  'rotate-keys': '轮换签名密钥',
  'sync-directory': '同步目录',
  'link-directory-account': '账号归属目录',
};

export const ADMIN_ACTION_NAMES: Readonly<Record<string, string>> = {
  'setup.create-admin': '创建首个管理员',
  'account.create': '新建账号',
  'account.create-admin': '创建管理员',
  'account.reset-password': '重置密码',
  'account.unlock': '解除锁定',
  'account.disable': '停用账号',
  'account.enable': '启用账号',
  'account.groups': '修改所属客户群',
  'account.grant-admin': '授予管理员',
  'account.revoke-admin': '撤销管理员',
  'account.end-session': '结束会话',
  'account.end-all-sessions': '结束全部会话',
  'app.create': '新建应用',
  'app.update': '修改应用',
  'app.remove': '删除应用',
  'group.create': '新建客户群',
  'group.update': '修改客户群',
  'group.remove': '删除客户群',
  'client.create': '新建客户端',
  'client.update': '修改客户端',
  'client.enable': '启用客户端',
  'client.disable': '停用客户端',
  'client.remove': '删除客户端',
  'client.rotate-secret': '轮换客户端密钥',
  'keys.rotate': '轮换签名密钥',
  'cas-service.create': '新建 CAS 服务',
  'cas-service.update': '修改 CAS 服务',
  'cas-service.remove': '删除 CAS 服务',
  'saml-sp.create': '新建 SAML 应用',
  'saml-sp.update': '修改 SAML 应用',
  'saml-sp.remove': '删除 SAML 应用',
  'saml-sp.fetch-metadata': '获取 SAML 元数据',
  'directory.create': '新建目录',
  'directory.update': '修改目录',
  'directory.remove': '删除目录',
  'directory.sync': '同步目录',
  'account.link-directory': '账号归属目录',
  ...Object.fromEntries(Object.entries(CLI_COMMAND_NAMES).map(([command, name]) => [`cli.${command}`, `命令行：${name}`])),
};

export function signInResultName(result: string): string {
  return Object.hasOwn(SIGN_IN_RESULT_NAMES, result) ? SIGN_IN_RESULT_NAMES[result]! : result;
}

export function adminActionName(action: string): string {
  return Object.hasOwn(ADMIN_ACTION_NAMES, action) ? ADMIN_ACTION_NAMES[action]! : action;
}

/** The 审计 section's own words: the sign-in audit with its filters, the administrators' actions. */
export const AuditText = {
  heading: '审计',
  signIns: '登录记录',
  filters: '筛选登录记录',
  username: '用户名',
  from: '开始时间',
  to: '结束时间',
  toBeforeFrom: '结束时间须晚于开始时间',
  method: '登录方式',
  result: '结果',
  all: '全部',
  clientId: '客户端 ID',
  ip: 'IP 地址',
  search: '查询',
  searching: '查询中…',
  clear: '清空条件',
  exportCsv: '导出 CSV',
  retry: '重试',
  loading: '正在加载…',
  noSignIns: '没有符合条件的登录记录。',
  signInColumns: { time: '时间', username: '用户名', method: '方式', result: '结果', client: '客户端' },
  signInPages: '登录记录分页',
  adminActions: '管理操作记录',
  refresh: '刷新',
  refreshing: '刷新中…',
  noAdminActions: '还没有管理操作记录。',
  adminActionColumns: { time: '时间', admin: '管理员', action: '操作', target: '对象', change: '变更' },
  showChange: '查看',
  before: '修改前',
  after: '修改后',
  adminActionPages: '管理操作记录分页',
} as const;
