// Texts of the external-redirect view (spec section 2): the code login's progress and its refusals.
export const MISSING_CODE = '缺失code参数';
export const MISSING_LOGIN_TYPE = '缺失login_type参数';
export const INVALID_LOGIN_TYPE = 'login_type参数无效（应为 wecom 或 feishu）';
export const CALLBACK_NOT_ALLOWED = '回调地址不在本客户组允许的范围内，已停止跳转';
/** A code login whose OAuth state this tab did not make (login CSRF) or that lost it. */
export const OAUTH_STATE_MISMATCH = '登录请求校验失败（state 不匹配），请返回登录页重新扫码登录';
export const CODE_LOGIN_PENDING = '正在登录，请稍候…';
