// The passkey sign-in's texts (issue 21).
export const PASSKEY_SIGN_IN = '使用通行密钥登录';
export const PASSKEY_SIGNING_IN = '等待通行密钥…';

/** A failed ceremony, by the DOMException the browser raised (passkey-sign-in.ts passkeyFailure). */
export const PASSKEY_TIMED_OUT = '通行密钥验证已取消或超时，请重试';
export const PASSKEY_CANCELLED = '通行密钥验证已取消';
export const PASSKEY_WRONG_ADDRESS = '当前网址不能使用通行密钥，请使用密码登录';
export const PASSKEY_UNSUPPORTED = '此设备不支持通行密钥，请使用密码登录';
export const PASSKEY_FAILED = '通行密钥验证失败，请重试或使用密码登录';
