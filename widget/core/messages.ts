// The user-facing strings of the shared core (notices, the request client's error catalogue, downloads),
// which both elements and the portal show. Texts quoted by the product spec are exact; the others
// follow its tone. The texts the server sends too live in contract/messages.ts, once for both sides;
// <sso-login>'s own texts are in widget/sso-login/ (sso-login.messages.ts for those several views
// share, one *.messages.ts per view folder).
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

/** The button of the 424 dialog (its text says 请点击重新登录), and the logout view's once signed out. */
export const SIGN_IN_AGAIN = '重新登录';
