// Texts of the 忘记密码 view (self-service reset by SMS code, docs/api-contract.md).
export const FORGOT_PASSWORD = '忘记密码';
export const RESET_PASSWORD_TITLE = '重置密码';
export const RESET_PASSWORD_HINT = '验证码将发送到账号绑定的手机号';
export const RESET_SUBMIT = '重置密码';
export const RESETTING = '重置中…';
export const PASSWORD_RESET_DONE = '密码已重置，请使用新密码登录';
export const BACK_TO_SIGN_IN = '返回登录';
