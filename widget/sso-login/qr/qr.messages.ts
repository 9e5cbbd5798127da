// Texts of the phone-only sign-in buttons (inside the messenger's own browser).
export const OPEN_IN_WECOM = '在企业微信中登录';
export const OPEN_IN_FEISHU = '在飞书中登录';

export const QR_LOAD_FAILED = '扫码组件加载失败，请使用其他方式登录';
export const QR_LOADING = '二维码加载中…';
