// The texts of the console's frame: the page title, the header and its sections, the sign-in (and
// its second step, which otherwise speaks the login widget's words: second-factor.messages.ts), the
// first start's setup page, the dialogs that interrupt any call, and the shared pieces of every
// section (loading, retry, pages). A section's own texts are in its own message file
// (directory.messages.ts, audit.messages.ts); refusals the server sends are contract/errors.ts's.

export const PRODUCT = '统一身份认证 管理控制台';

export const ConsoleText = {
  documentTitle: '管理控制台 - 统一身份认证',
  sections: { clients: '应用', groups: '客户群', accounts: '账号', directories: '目录', audit: '审计' },
  sectionsNav: '控制台栏目',
  admin: '管理员：',
  signOut: '退出',
  signingOut: '正在退出…',
  loading: '正在加载…',
  retry: '重试',
  retrying: '正在重试…',
  cancel: '取消',
  /** A console form's save button while it waits (console-form.tsx). */
  saving: '正在保存…',
  /** A save refused with AU00603 (conflict.tsx). */
  reloadLatest: '重新加载最新内容（放弃本次修改）',
  /** Between a form's field errors when a live region reads them out together (form-error.tsx). */
  fieldErrorsSeparator: '；',
  groupsLoading: '正在加载客户群…',
  /** A group or a directory with its code: 华东经销商（east）. */
  nameWithCode: (name: string, code: string) => `${name}（${code}）`,
} as const;

/** 管理员登录, and signing in again when the console session lapsed. */
export const SignInText = {
  heading: '管理员登录',
  form: '登录管理控制台',
  username: '用户名',
  password: '密码',
  requiredUsername: '请输入用户名',
  requiredPassword: '请输入密码',
  signIn: '登录',
  signingIn: '登录中…',
  setupHint: '新部署的系统还没有管理员：请打开服务器启动日志中的一次性设置链接（…/admin/setup?token=…），或在服务器上运行 npm run admin -- create-admin <用户名>。',
  timedOutTitle: '登录已超时，请重新登录',
  timedOut: '管理控制台 15 分钟无操作后需重新登录。登录后将继续刚才的操作，已填写的内容不会丢失。',
  giveUp: '放弃并返回登录页',
  secondFactor: '二次验证',
  /** The console's own hint for an administrator who must enrol (the widget's names the group). */
  enrolHint: '管理控制台要求二次验证。请用身份验证器扫描下方二维码，或手动输入密钥，然后输入显示的 6 位数字。',
  /** The server's AU00170 text, then the widget's hint on where the code is. */
  verifyHint: (refusal: string, hint: string) => `${refusal}。${hint}`,
} as const;

/** 请再次输入密码: the re-authentication secrets and other administrators ask for. */
export const ReauthText = {
  title: '请再次输入密码',
  /** After the server's AU00602 text (contract/errors.ts). */
  afterRefusal: '（修改其他管理员、轮换客户端密钥和签名密钥前须确认身份）。',
  password: '当前管理员密码',
  required: '请输入密码',
  confirm: '确认',
  confirming: '确认中…',
} as const;

/** The first start's setup page (/admin/setup). */
export const SetupText = {
  heading: '初始化设置：创建第一位管理员',
  checking: '正在检查设置链接…',
  form: '创建第一位管理员',
  username: '管理员用户名',
  usernameHint: '小写英文字母和数字',
  requiredUsername: '请输入管理员用户名',
  badUsername: (maxLength: number) => `用户名只能包含小写英文字母和数字，最多 ${maxLength} 位`,
  password: '密码',
  confirm: '确认密码',
  create: '创建管理员并进入控制台',
  creating: '正在创建…',
} as const;

/** A new password typed twice (password-fields.ts). */
export const NewPasswordText = {
  required: '请输入密码',
  requiredConfirm: '请再次输入密码',
  differ: '两次输入的密码不一致',
} as const;

/** 上一页 / 第 n 页，共 m 页 / 下一页. */
export const PagerText = {
  previous: '上一页',
  next: '下一页',
  where: (page: number, pages: number, total: number) => `第 ${page} 页，共 ${pages} 页（${total} 条）`,
} as const;
