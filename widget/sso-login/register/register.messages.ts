// Texts of the register view (spec section 5).
/** The register form's confirmation: a new account has no "new" password to repeat, just its password. */
export const REQUIRED_CONFIRM_REGISTER_PASSWORD = '请再次输入密码';
export const CONFIRM_PASSWORD_LABEL = '确认密码';
export const SUBMIT_REGISTER = '注册';
export const REGISTER_SUCCESS = '注册成功，请登录';
/** The register button while its request runs. */
export const registering = (label: string) => `${label}中…`;
