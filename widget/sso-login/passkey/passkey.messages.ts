// The passkey sign-in's texts (issue 21).
export const PASSKEY_SIGN_IN = '使用通行密钥登录';
export const PASSKEY_SIGNING_IN = '等待通行密钥…';
