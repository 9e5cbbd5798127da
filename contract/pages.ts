// The texts of the HTML pages the server answers itself (no portal view): the OpenID Connect
// provider's, CAS's, SAML's and the login ticket's pages, and the page shown before the portal is
// built. The server builds the HTML (escaping every text); these are the words a person reads.

/** The OpenID Connect provider's pages (server/oidc/pages.ts, interaction-routes.ts). */
export const OidcPageTexts = {
  /** OAuth error codes a person may see when no redirect back to the app is possible. */
  errors: {
    access_denied: '您的账号无权使用该应用。如需使用，请联系管理员把您加入相应的用户组。',
    invalid_request: '应用发来的登录请求无效，请回到应用重新发起登录。',
    invalid_client: '该应用未在统一登录平台登记，或登记信息有误。',
    invalid_redirect_uri: '应用的回调地址未登记，无法完成登录。',
    unauthorized_client: '该应用无权使用此登录方式。',
    login_required: '请先登录。',
    server_error: '服务暂时不可用，请稍后重试。',
  } as Readonly<Record<string, string>>,
  otherError: '登录请求无法完成，请回到应用重新发起登录。',
  errorTitle: '无法完成登录',
  /** An interaction whose cookie or record is gone (the description under the error text). */
  interactionExpired: '登录请求已过期，请回到应用重新登录',
  logoutTitle: '退出登录',
  logoutQuestion: (appName: string | null): string => appName ? `是否退出统一登录（来自应用「${appName}」的请求）？` : '是否退出统一登录？',
  logoutButton: '退出登录',
  stayButton: '保持登录',
  loggedOutTitle: '已退出登录',
  loggedOut: (appName: string | null): string => appName ? `您已退出统一登录及应用「${appName}」。` : '您已退出统一登录。',
  consentTitle: '授权确认',
  consentQuestion: (appName: string): string => `应用「${appName}」请求获取以下信息：`,
  scopes: { openid: '您的账号标识', profile: '用户名', phone: '手机号', groups: '所属用户组' } as Readonly<Record<string, string>>,
  allowButton: '同意',
  denyButton: '拒绝',
} as const;

/** CAS's pages (server/cas/cas-pages.ts); SAML shares their frame and some texts. */
export const CasPageTexts = {
  refusals: {
    unknownService: '该应用未在统一登录平台登记，无法登录。请联系管理员登记该应用。',
    badService: '应用发来的登录请求无效（service 参数不是有效的网址），请回到应用重新登录。',
    noAccess: '您的账号无权使用该应用。如需使用，请联系管理员把您加入相应的用户组。',
    expired: '登录请求已过期，请回到应用重新登录。',
    badRequest: '请求无效，请回到应用重新操作。',
  },
  refusalTitle: '无法完成登录',
  logoutTitle: '退出登录',
  logoutQuestion: (appName: string | null): string => appName ? `是否退出统一登录（来自应用「${appName}」的请求）？` : '是否退出统一登录？',
  logoutButton: '退出登录',
  loggedOutTitle: '已退出登录',
  loggedOut: '您已退出统一登录及通过它登录的应用。',
  reauthenticateTitle: '请重新登录',
  reauthenticate: (appName: string | null): string => appName
    ? `应用「${appName}」要求您重新输入账号和密码。继续将退出当前登录。` : '该应用要求您重新输入账号和密码。继续将退出当前登录。',
  continueButton: '继续',
} as const;

/** SAML's pages (server/saml/saml-pages.ts, saml-plugin.ts). */
export const SamlPageTexts = {
  refusals: {
    badRequest: '应用发来的 SAML 请求无效，请回到应用重新登录。',
    unknownSp: '该应用未在统一登录平台登记，无法登录。请联系管理员登记该应用。',
    noAccess: '您的账号无权使用该应用。如需使用，请联系管理员把您加入相应的用户组。',
    expired: '登录请求已过期，请回到应用重新登录。',
    badLogoutResponse: '应用发回的退出结果无效（不是本平台发出的退出请求的回答，或签名、时间、目的地址不符）。',
  },
  refusalTitle: '无法完成登录',
  loggingIn: { title: '正在登录', text: '正在登录应用…' },
  loggingOut: { title: '正在退出', text: '正在退出应用…' },
  continueButton: '继续',
  /** The end of a front-channel logout chain the portal's sign-out started: the spec's logout view texts. */
  signedOutTitle: '已退出登录',
  signedOut: '您已退出登录',
  signInAgain: '重新登录',
  loggedOutTitle: '已退出登录',
  loggedOut: '您已退出统一登录及通过它登录的应用。',
  logoutFailedTitle: '无法完成退出',
  continueLogout: '继续退出其他应用',
} as const;

/** The login ticket's refusal page (server/embedding/ticket-routes.ts); its texts are TicketMessages (errors.ts). */
export const TicketPageTexts = {
  title: '登录失败',
  backToLogin: '返回登录页',
} as const;

/** The page at / while the portal is not built yet (server/server.ts). */
export const NotBuiltPageTexts = {
  title: '门户尚未构建',
  /** HTML: the text holds a <code> element. */
  bodyHtml: 'API 已在运行。请先运行 <code>npm run build</code> 构建门户，然后重新启动服务。',
} as const;
