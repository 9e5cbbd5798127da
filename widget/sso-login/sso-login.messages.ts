// The texts several of <sso-login>'s views share: the login box and its footer, the field labels and
// required-field texts of the forms, the sign-in and send-code buttons. A text one view alone shows is
// in that view's folder (<view>/<view>.messages.ts); the texts the core shows with <app-center> are in
// core/messages.ts, those the server sends too in contract/messages.ts. Texts quoted by the product
// spec are exact (spec sections 2 to 5).

// Login box.
export const LOGIN_METHODS = '登录方式';
// Validation (spec section 5).
export const REQUIRED_USERNAME = '请输入用户名';
export const REQUIRED_PASSWORD = '请输入密码';
export const REQUIRED_PHONE = '请输入手机号';
export const REQUIRED_SMS_CODE = '请输入短信验证码';
export const REQUIRED_NEW_PASSWORD = '请输入新密码';
export const REQUIRED_CONFIRM_PASSWORD = '请再次输入新密码';
export const PASSWORDS_DIFFER = '两次输入的密码不一致';
/** Between a form's field errors when a live region reads them out together (shared/form-errors.tsx). */
export const FIELD_ERRORS_SEPARATOR = '；';

// Login box.
export const LOGIN_TITLE = '账号登录';
export const PASSWORD_LOGIN = '密码登录';
export const MOBILE_LOGIN = '手机登录';
export const REGISTER = '注册账号';
export const WECOM_LOGIN = '企业微信扫码登录';
export const FEISHU_LOGIN = '飞书扫码登录';
export const SWITCH_TO_QR = '切换到扫码登录';
export const SWITCH_TO_PASSWORD = '切换到密码登录';
// The second step's title and its stand-in while its chunk loads (second-factor/lazy-second-factor.tsx):
// here, not in second-factor.messages.ts, which would bring all of that view's texts into the React part.
export const SECOND_FACTOR_TITLE = '二次验证';
export const LOADING_VIEW = '正在加载…';

// The forms' fields and buttons.
export const USERNAME_LABEL = '用户名';
export const PASSWORD_LABEL = '密码';
export const PHONE_LABEL = '手机号';
export const SMS_CODE_LABEL = '短信验证码';
export const SIGN_IN = '登录';
export const SIGNING_IN = '登录中…';
export const SEND_CODE = '获取验证码';
export const SENDING_CODE = '发送中…';
export const CODE_SENT = '验证码已发送';
export const resendIn = (seconds: number): string => `${seconds}秒后重新获取`;
export const BACK_TO_LOGIN = '返回密码登录';
export const QR_TYPE_GROUP = '扫码方式';
export const SIGN_OUT = '退出登录';
export const NEW_PASSWORD_LABEL = '新密码';
export const CONFIRM_NEW_PASSWORD_LABEL = '确认新密码';

// Footer.
export const COPYRIGHT = '© 2026 企业统一登录平台 版权所有';
export const FILING_RECORD = '京ICP备00000000号-1';
export const FILING_RECORD_URL = 'https://beian.miit.gov.cn/';
export const DEALER_HELP_LINE = '经销商服务热线：400-000-0000（每日 8:00-18:30，仅限经销商）';

/** An authenticator's code field: the second step's and the change-password dialog's (issue 31). */
export const CODE_LABEL = '动态验证码';
export const CODE_PLACEHOLDER = '6 位数字';
