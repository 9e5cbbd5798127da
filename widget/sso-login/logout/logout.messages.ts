// Texts of the logout view (spec section 2, is_signout).
export const CONFIRM_SIGN_OUT = '是否退出统一登录？';
export const SIGNED_OUT = '您已退出登录';
export const SIGNING_OUT = '正在退出登录…';
export const SIGN_OUT_FAILED = '退出登录失败，请重试';
