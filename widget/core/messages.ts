// Every user-facing string of the shared core and the login page. Texts quoted by the product
// spec are exact; the others follow its tone. The texts the server sends too live in
// contract/messages.ts, once for both sides.
export {
  ACCOUNT_LOCKED, DEFAULT_ERROR, INVALID_PHONE, INVALID_USERNAME, PHONE_EXISTS, TOKEN_EXPIRED, USERNAME_EXISTS,
} from '../../contract/messages.ts';

export const SYSTEM_PROMPT_TITLE = '系统提示';
export const OK_TEXT = '确定';
export const CANCEL_TEXT = '取消';
export const CLOSE_TOAST_TEXT = '关闭提示';

// Error catalogue (spec section 8).
export const REQUEST_TIMEOUT = '请求超时，请稍后重试';
export const NETWORK_ERROR = '网络连接失败，请检查网络后重试';
export const DOWNLOAD_EMPTY = '内容为空，无法下载';

// Validation (spec section 5).
export const REQUIRED_USERNAME = '请输入用户名';
export const REQUIRED_PASSWORD = '请输入密码';
export const REQUIRED_PHONE = '请输入手机号';
export const REQUIRED_SMS_CODE = '请输入短信验证码';
export const REQUIRED_OLD_PASSWORD = '请输入原密码';
export const REQUIRED_NEW_PASSWORD = '请输入新密码';
export const REQUIRED_CONFIRM_PASSWORD = '请再次输入新密码';
/** The register form's confirmation: a new account has no "new" password to repeat, just its password. */
export const REQUIRED_CONFIRM_REGISTER_PASSWORD = '请再次输入密码';
export const PASSWORDS_DIFFER = '两次输入的密码不一致';
export const NEW_PASSWORD_SAME = '新密码不能与原密码相同';

// Password ageing and first login (spec section 4).
export const PASSWORD_AGED = '您的密码已超过一个月未修改，为了账号安全，请修改密码';
export const FIRST_LOGIN = '首次登录需要修改密码，请修改密码后重新登录';
export const PASSWORD_CHANGED = '密码修改成功，请使用新密码登录';

// External-redirect mode (spec section 2).
export const MISSING_CODE = '缺失code参数';
export const MISSING_LOGIN_TYPE = '缺失login_type参数';
export const INVALID_LOGIN_TYPE = 'login_type参数无效（应为 wecom 或 feishu）';
export const CALLBACK_NOT_ALLOWED = '回调地址不在本客户组允许的范围内，已停止跳转';
/** A code login whose OAuth state this tab did not make (login CSRF) or that lost it. */
export const OAUTH_STATE_MISMATCH = '登录请求校验失败（state 不匹配），请返回登录页重新扫码登录';
export const CODE_LOGIN_PENDING = '正在登录，请稍候…';

// Login box.
export const LOGIN_TITLE = '账号登录';
export const PASSWORD_LOGIN = '密码登录';
export const MOBILE_LOGIN = '手机登录';
export const REGISTER = '注册账号';
export const WECOM_LOGIN = '企业微信扫码登录';
export const FEISHU_LOGIN = '飞书扫码登录';
export const SWITCH_TO_QR = '切换到扫码登录';
export const SWITCH_TO_PASSWORD = '切换到密码登录';
export const USERNAME_LABEL = '用户名';
export const PASSWORD_LABEL = '密码';
export const PHONE_LABEL = '手机号';
export const SMS_CODE_LABEL = '短信验证码';
export const CONFIRM_PASSWORD_LABEL = '确认密码';
export const SIGN_IN = '登录';
export const SIGNING_IN = '登录中…';
export const SEND_CODE = '获取验证码';
export const SENDING_CODE = '发送中…';
export const CODE_SENT = '验证码已发送';
export const resendIn = (seconds: number): string => `${seconds}秒后重新获取`;
export const SUBMIT_REGISTER = '注册';
export const REGISTER_SUCCESS = '注册成功，请登录';
export const BACK_TO_LOGIN = '返回密码登录';
export const QR_LOAD_FAILED = '扫码组件加载失败，请使用其他方式登录';
export const QR_LOADING = '二维码加载中…';
export const QR_TYPE_GROUP = '扫码方式';

// Logout view.
export const SIGN_OUT = '退出登录';
export const CONFIRM_SIGN_OUT = '是否退出统一登录？';
export const SIGNED_OUT = '您已退出登录';
export const SIGNING_OUT = '正在退出登录…';
export const SIGN_OUT_FAILED = '退出登录失败，请重试';
/** The logout view's button once signed out, and the button of the 424 dialog (its text says 请点击重新登录). */
export const SIGN_IN_AGAIN = '重新登录';

// Change-password dialog.
export const CHANGE_PASSWORD_TITLE = '修改密码';
export const OLD_PASSWORD_LABEL = '原密码';
export const NEW_PASSWORD_LABEL = '新密码';
export const CONFIRM_NEW_PASSWORD_LABEL = '确认新密码';

// Footer.
export const COPYRIGHT = '© 2026 企业统一登录平台 版权所有';
export const FILING_RECORD = '京ICP备00000000号-1';
export const FILING_RECORD_URL = 'https://beian.miit.gov.cn/';
export const DEALER_HELP_LINE = '经销商服务热线：400-000-0000（每日 8:00-18:30，仅限经销商）';
