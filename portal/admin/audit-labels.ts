// The Chinese names of what the server writes into the audits (the console's 审计, and a person's
// own 最近登录记录 on /account): the result of a sign-in attempt (server/auth, server/mfa,
// server/passkey, server/console audit(...) / recordLogin) and the administrator actions (recordAdminAction in server/console and server/cli.ts). An unknown value
// (an older or newer server) shows as stored. test/server/console/audit-labels.test.ts checks that
// every value the server code writes has a name here.

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
