// The second step's texts (issue 21).
// The code field's words are the element's (the change-password dialog asks a code too).
export { CODE_LABEL, CODE_PLACEHOLDER } from '../sso-login.messages.ts';
export const RECOVERY_LABEL = '恢复码';
export const RECOVERY_PLACEHOLDER = '例如 abcde-fghjk';
export const VERIFY = '验证并登录';
export const VERIFYING = '验证中…';
export const USE_RECOVERY = '无法使用身份验证器？使用恢复码';
export const USE_CODE = '使用身份验证器中的动态验证码';
export const BACK = '返回重新输入密码';
/** The server's own text for the same check (contract/messages.ts), never a copy. */
export { SECOND_FACTOR_CODE_REQUIRED as REQUIRED_CODE } from '../../../contract/messages.ts';
export const REQUIRED_RECOVERY = '请输入恢复码';
export const VERIFY_HINT = '打开手机上的身份验证器（如 Microsoft Authenticator、Google 身份验证器），输入显示的 6 位数字。';
export const ENROL_HINT = '您所在的用户组要求二次验证。请用身份验证器扫描下方二维码，或手动输入密钥，然后输入显示的 6 位数字。';
export const ENROL_START = '获取二维码';
export const ENROL_STARTING = '正在生成…';
export const ENROL_CONFIRM = '绑定并登录';
export const ENROL_CONFIRMING = '绑定中…';
export const QR_LABEL = '用身份验证器扫描此二维码';
export const SECRET_LABEL = '无法扫码时手动输入密钥：';
export const RECOVERY_TITLE = '请保存恢复码';
export const RECOVERY_HINT = '每个恢复码只能使用一次。手机丢失或无法使用身份验证器时，可用恢复码登录。它们只显示这一次，请抄写或保存到安全的地方。';
export const RECOVERY_DONE = '我已保存，继续';
