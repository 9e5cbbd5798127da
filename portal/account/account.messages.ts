// The texts of the /account page (issue 21), one group per section. Refusals the server sends
// (当前密码错误, AU00181's 为保护您的账号…) are contract/errors.ts's; the password rule's hint is
// contract/rules/password.ts's; the WebAuthn failures are webauthn.messages.ts's.

/** The page's frame: title, header, loading. */
export const PageText = {
  documentTitle: '我的账号 - 统一身份认证',
  heading: '我的账号',
  nav: '页面',
  backToApps: '返回应用中心',
  signOut: '退出登录',
  signingOut: '正在退出…',
  signInAgain: '重新登录',
  loading: '正在加载…',
  /** Between the items of a list in one line (groups, apps). */
  listSeparator: '、',
  none: '无',
  notBound: '未绑定',
  cancel: '取消',
} as const;

/** 个人资料. */
export const ProfileText = {
  heading: '个人资料',
  username: '用户名',
  kind: '账号类型',
  kinds: { staff: '员工', dealer: '经销商' },
  phone: '手机号',
  groups: '所属客户群',
} as const;

/** 修改密码. */
export const PasswordText = {
  heading: '修改密码',
  current: '当前密码',
  new: '新密码',
  confirm: '确认新密码',
  requiredCurrent: '请输入当前密码',
  requiredNew: '请输入新密码',
  differ: '两次输入的新密码不一致',
  changing: '正在修改…',
  change: '修改密码',
  changed: '密码已修改。所有设备都已退出，请用新密码重新登录…',
} as const;

/** 更换手机号. */
export const PhoneText = {
  heading: '更换手机号',
  current: (phone: string | null) => `当前手机号：${phone ?? PageText.notBound}`,
  newPhone: '新手机号',
  code: '短信验证码',
  badPhone: '请输入合法手机号',
  badCode: '请输入6位数字验证码',
  sending: '发送中…',
  resendIn: (seconds: number) => `${seconds} 秒后重发`,
  sendCode: '获取验证码',
  sentTo: (phone: string) => `验证码已发送至 ${phone}`,
  changing: '正在更换…',
  change: '更换手机号',
  changedTo: (phone: string) => `手机号已更换为 ${phone}`,
} as const;

/** 通行密钥. */
export const PasskeyText = {
  heading: '通行密钥',
  intro: '用指纹、面容或设备密码登录，无需输入用户名和密码。通行密钥保存在您的设备或密码管理器中，只能用于本站。',
  none: '尚未添加通行密钥',
  unsupported: '此浏览器不支持通行密钥。',
  name: '通行密钥名称',
  nameHint: '便于您区分设备，例如“办公室电脑”',
  badNameToAdd: '请输入通行密钥名称（1-40 个字），例如“办公室电脑”',
  badName: '请输入通行密钥名称（1-40 个字）',
  newName: '新名称',
  add: '添加通行密钥',
  adding: '等待验证…',
  added: (name: string) => `已添加通行密钥“${name}”`,
  save: '保存',
  saving: '保存中…',
  rename: '重命名',
  renameOne: (name: string) => `重命名 ${name}`,
  remove: '删除',
  removing: '删除中…',
  removeOne: (name: string) => `删除 ${name}`,
  removeConfirm: (name: string) => `确定删除通行密钥“${name}”吗？删除后不能再用它登录。`,
  removed: (name: string) => `已删除通行密钥“${name}”`,
  addedAndUsed: (added: string, lastUsed: string | null) => `添加于：${added} · 最近使用：${lastUsed ?? '尚未使用'}`,
} as const;

/** 身份验证器（二次验证）. */
export const TotpText = {
  heading: '身份验证器（二次验证）',
  groupRequires: '您所在的用户组要求二次验证：',
  intro: '绑定后，用密码登录时还须输入手机上身份验证器（如 Microsoft Authenticator、Google 身份验证器）显示的 6 位动态验证码。',
  qr: '用身份验证器扫描此二维码',
  secret: '无法扫码时手动输入密钥：',
  code: '动态验证码',
  badCode: '请输入 6 位数字动态验证码',
  confirm: '确认绑定',
  confirming: '正在绑定…',
  start: '绑定身份验证器',
  starting: '正在生成…',
  bound: (recoveryCodesLeft: number) => `已绑定身份验证器。剩余可用恢复码：${recoveryCodesLeft} 个。`,
  proof: '动态验证码或恢复码',
  proofHint: '重新生成恢复码或解除绑定前，请先输入其一确认是您本人',
  badProof: '请输入身份验证器中的 6 位动态验证码或一个恢复码',
  working: '处理中…',
  renew: '重新生成恢复码',
  remove: '解除绑定',
  removeWhileRequired: '您所在的用户组要求二次验证：解除后，下次登录时须重新绑定。',
  recoveryRegion: '恢复码',
  recoveryTitle: '请保存恢复码',
  recoveryHint: '每个恢复码只能使用一次。手机丢失或无法使用身份验证器时，可用恢复码登录。它们只显示这一次，请抄写或保存到安全的地方。',
  recoverySaved: '我已保存',
} as const;

/** 登录设备 and 最近登录记录. */
export const SessionsText = {
  heading: '登录设备',
  current: '当前设备',
  whereWhen: (place: string, lastSeen: string, signedIn: string) => `地点：${place} · 最近使用：${lastSeen} · 登录于：${signedIn}`,
  apps: (apps: readonly string[]) => `已登录的应用：${apps.length > 0 ? apps.join(PageText.listSeparator) : PageText.none}`,
  end: '退出',
  ending: '正在退出…',
  endOne: (device: string, lastSeen: string) => `退出 ${device}（${lastSeen}）`,
  endConfirm: (device: string, lastSeen: string) => `退出 ${device}（最近使用：${lastSeen}）？该设备上的登录和通过它登录的应用将被退出。`,
  endConfirmOk: '退出该设备',
  ended: '该设备已退出',
  endOthers: '退出其他所有设备',
  endOthersConfirm: '退出其他所有设备？除当前设备外，所有设备上的登录和通过它们登录的应用都将被退出。',
  endedOthers: (count: number) => count > 0 ? `已退出其他 ${count} 台设备` : '没有其他设备需要退出',
  signInsHeading: '最近登录记录',
  signInsNone: '暂无记录',
  signInsCaption: '最近 20 次登录',
  columns: { time: '时间', method: '方式', result: '结果', place: '地点' },
} as const;

/** 验证身份: the proof a security change asks for (recent-proof-dialog.tsx). */
export const RecentProofText = {
  title: '验证身份',
  /** After the server's AU00181 text (contract/errors.ts). */
  afterRefusal: '。验证后 5 分钟内可直接修改通行密钥、手机号和身份验证器。',
  ways: '验证方式',
  password: '登录密码',
  code: '动态验证码',
  codeOrRecovery: '动态验证码或恢复码',
  requiredPassword: '请输入登录密码',
  badCode: '请输入 6 位动态验证码或一个恢复码',
  confirm: '确认',
  confirming: '验证中…',
} as const;

/** How the page names devices and addresses (format.ts). */
export const FormatText = {
  unknownDevice: '未知设备',
  wechat: '微信',
  browser: '浏览器',
  unknownPlace: '未知',
  thisComputer: (ip: string) => `本机（${ip}）`,
  companyNetwork: (ip: string) => `内网（${ip}）`,
  placed: (place: string, ip: string) => `${place}（${ip}）`,
} as const;
