// The error catalogue both sides share: business refusals (HTTP 200, code = errorCode = AU…) and
// the texts of HTTP-level errors. The server answers with them (server/http/api-error.ts); the
// widget matches the codes it handles (AU00153, AU00154, AU00300) and shows the texts.
import { ACCOUNT_LOCKED, DEFAULT_ERROR, INVALID_PHONE, PHONE_EXISTS, SECOND_FACTOR_CODE_REQUIRED, TOKEN_EXPIRED, USERNAME_EXISTS } from './messages.ts';
import { PasswordProblems } from './rules/password.ts';

/** Business refusals: HTTP 200, code = errorCode = the string below. */
export const Refusal = {
  badCredentials: ['AU00100', '用户名或密码错误'],
  passwordExpired: ['AU00153', '密码已超过一个月未修改，请修改密码'],
  firstLogin: ['AU00154', '首次登录，请先修改密码'],
  notLoggedIn: ['AU00300', '未登录或登录已失效，请重新登录'],
  /** A group call for a client group the signed-in account is not a member of. */
  notGroupMember: ['AU00301', '您的账号不属于该客户群，无权查看其应用'],
  decryptFailed: ['AU00101', '密码解密失败，请刷新页面后重试'],
  confirmMismatch: ['AU00102', '两次输入的新密码不一致'],
  weakPassword: ['AU00103', PasswordProblems.shape],
  samePassword: ['AU00104', '新密码不能与当前密码相同'],
  /** changePassword from the account page: the signed-in account's own current password is wrong (no user name was typed). */
  badCurrentPassword: ['AU00107', '当前密码错误'],
  cipherMissingPrefix: ['AU00105', '密码密文缺少 04 前缀（SM2 加密结果须以 04 开头），请刷新页面后重试'],
  cipherMalformed: ['AU00106', '密码密文格式不正确（应为 04 开头的 C1C3C2 十六进制串），请刷新页面后重试'],
  badSmsCode: ['AU00110', '验证码错误或已过期'],
  smsTooSoon: ['AU00111', '验证码发送过于频繁，请稍后再试'],
  smsDailyCap: ['AU00112', '今日验证码发送次数已达上限，请明天再试'],
  smsCodeBurned: ['AU00113', '验证码错误次数过多，已失效，请重新获取验证码'],
  usernameTaken: ['AU00120', USERNAME_EXISTS],
  phoneTaken: ['AU00121', PHONE_EXISTS],
  badCallBack: ['AU00130', '回调地址不在允许范围内'],
  /** An embedded sign-in from an origin not registered for the group it signs into (docs/embedding.md). */
  embedOriginNotRegistered: ['AU00131', '当前站点未登记为该客户组的嵌入站点'],
  /** An embedded sign-in without the page's binding nonce (X-Login-Binding). */
  loginBindingMissing: ['AU00132', '登录请求缺少页面校验信息，请刷新页面后重试'],
  weComNotConfigured: ['AU00140', '当前客户组未配置企业微信登录'],
  feishuNotConfigured: ['AU00141', '当前客户组未配置飞书登录'],
  weComUnlinked: ['AU00142', '该企业微信账号未绑定系统用户，请联系管理员'],
  feishuUnlinked: ['AU00143', '该飞书账号未绑定系统用户，请联系管理员'],
  badAuthCode: ['AU00144', '授权码无效或已过期，请重新扫码'],
  /** An account an administrator disabled: no sign-in by any method. */
  accountDisabled: ['AU00160', '该账号已被停用，请联系管理员'],
  /** The password was right; the second factor is next (data: MfaStep, contract/endpoints/mfa.ts). */
  secondFactorRequired: ['AU00170', '请输入身份验证器中的 6 位动态验证码'],
  /** A group of the account requires a second factor the account has not set up yet (data: MfaStep). */
  secondFactorEnrolRequired: ['AU00175', '您所在的用户组要求二次验证，请先绑定身份验证器'],
  badOtp: ['AU00171', '动态验证码错误，请重新输入'],
  otpReused: ['AU00172', '该动态验证码已使用过，请等待身份验证器显示下一个验证码'],
  mfaChallengeExpired: ['AU00173', '验证已超时，请重新输入密码登录'],
  badRecoveryCode: ['AU00174', '恢复码错误或已使用过'],
  totpAlreadyEnabled: ['AU00176', '已绑定身份验证器，如需更换请先解除绑定'],
  totpNotPending: ['AU00177', '绑定已失效，请重新开始绑定身份验证器'],
  totpNotEnabled: ['AU00178', '尚未绑定身份验证器'],
  proofMissing: ['AU00179', '请输入身份验证器中的动态验证码或一个恢复码'],
  /**
   * changePassword outside a session, for an account whose group requires a second factor it has
   * not given: one not enrolled yet, or a passkey only (sign in first; the forced change after
   * that sign-in carries its proof, MustChangeDetail).
   */
  secondFactorFirst: ['AU00182', '您所在的用户组要求二次验证：请先登录并完成二次验证，再修改密码'],
  /** The proof of a forced change (MustChangeDetail.changeTicket) was used or is older than 5 minutes. */
  changeTicketExpired: ['AU00183', '验证已超时，请重新登录后再修改密码'],
  /** The account page (issue 21). */
  samePhone: ['AU00122', '新手机号与当前手机号相同'],
  sessionGone: ['AU00180', '该会话已结束'],
  /**
   * A security change on the account page (passkey, phone, authenticator app) needs the password
   * or a second factor given within the last 5 minutes (data: RecentProofNeed); the page asks in its
   * own dialog and sends the call again.
   */
  recentProofRequired: ['AU00181', '为保护您的账号，请先验证身份：输入登录密码或身份验证器中的动态验证码'],
  /** Passkeys (issue 21). */
  passkeyFailed: ['AU00190', '通行密钥验证失败，请重试或使用密码登录'],
  passkeyUnknown: ['AU00191', '该通行密钥未在本系统登记或已被删除，请使用密码登录'],
  passkeyExpired: ['AU00192', '验证已超时，请重试'],
  passkeyExists: ['AU00193', '该通行密钥已添加过'],
  passkeyNotFound: ['AU00194', '该通行密钥不存在，可能已被删除'],
  /** A member of a group that requires a second factor, with a passkey and no authenticator app, tried the password alone. */
  usePasskey: ['AU00195', '您所在的用户组要求二次验证：请点击“使用通行密钥登录”'],
  /** No URL of the directory that holds (or may hold) this account answered: not a wrong password, never a lockout count. */
  directoryDown: ['AU00196', '目录服务暂时不可用，请稍后再试'],
  /** A directory account's password is changed in the company directory (the directory has no passwordWriteBack). */
  changeInDirectory: ['AU00197', '请在公司目录中修改密码'],
  /** A fresh instance before its first administrator exists (server/console/setup-gate.ts). */
  notSetUp: ['AU00500', '系统尚未完成初始化设置，暂不能登录。请联系管理员：用服务器启动日志中的设置链接创建第一个管理员'],
} as const satisfies Record<string, readonly [string, string]>;

/**
 * The operator console's refusals (/api/console/...): [code, text, HTTP status]. Without an
 * administrator's console session a call answers 401 or 403 with one of these, never data.
 */
export const ConsoleRefusal = {
  notSignedIn: ['AU00600', '请先登录管理控制台', 401],
  notAdmin: ['AU00601', '该账号不是管理员，不能使用管理控制台', 403],
  reauthRequired: ['AU00602', '此操作需要再次输入您的密码确认', 403],
  conflict: ['AU00603', '该记录已被其他管理员修改，请刷新后再改', 409],
  lastAdmin: ['AU00604', '不能移除最后一位管理员', 409],
  setupLinkInvalid: ['AU00605', '设置链接无效、已使用或已过期。请使用服务器启动日志中最新的链接，或在服务器上运行 npm run admin -- create-admin', 403],
  notFound: ['AU00606', '要操作的记录不存在，可能已被删除', 404],
  exists: ['AU00607', '该标识已被使用，请换一个', 409],
  badInput: ['AU00608', '输入有误，请检查后重试', 400],
  mustChangePassword: ['AU00609', '请先在登录页修改管理员设置的初始密码，再登录管理控制台', 403],
} as const satisfies Record<string, readonly [string, string, number]>;

/**
 * Why a directory (LDAP / Active Directory, server/directory/) could not be used: test-directory,
 * 测试连接 and a sync's error say one of these.
 */
export const DirectoryMessages = {
  unreachable: '无法连接目录服务器',
  tlsUntrusted: 'TLS 证书不受信任',
  bindRefused: '目录服务账号绑定失败',
  baseDnMissing: '基准 DN 不存在',
  /** Anything else the directory answered (its own words follow). */
  failed: (detail: string): string => `目录服务出错：${detail}`,
  notFound: (id: string): string => `目录 ${id} 不存在`,
  exists: (id: string): string => `目录 ${id} 已存在`,
  badFilter: (field: string): string => `${field} 不是合法的 LDAP 过滤器`,
  badUrl: (url: string): string => `目录地址 ${url} 不正确（应为 ldap:// 或 ldaps:// 加主机名）`,
  plainLdapInProduction: (url: string): string => `生产环境不能使用未加密的 ${url}：请改用 ldaps:// 或开启 StartTLS`,
  bindPasswordRequired: '新目录需要填写服务账号密码',
  caFileUnreadable: (file: string): string => `无法读取 CA 证书文件 ${file}`,
  unknownGroups: (codes: string[]): string => `组映射中的客户组不存在：${codes.join('、')}`,
  notInDirectory: (username: string, id: string): string => `目录 ${id} 中没有用户 ${username}`,
  alreadyLinked: (username: string, id: string): string => `账号 ${username} 已属于目录 ${id}`,
  badId: (id: string): string => `目录标识 ${id} 只能由小写字母、数字和 - 组成`,
  outOfRange: (field: string, min: number, max: number): string => `${field} 应为 ${min} 到 ${max} 的整数`,
  syncRunning: (id: string): string => `目录 ${id} 正在同步，请稍后再试`,
  badKind: (kind: string): string => `目录类型 ${kind} 不正确（应为 ldap 或 active-directory）`,
  /** Active Directory changes a password only over an encrypted connection (it refuses unicodePwd over plain LDAP). */
  adWriteBackNeedsTls: (url: string): string => `Active Directory 只能通过加密连接修改密码：${url} 请改用 ldaps:// 或开启 StartTLS，或关闭“允许在本系统修改目录密码”`,
  /** AD refused the new password (0000052D): its length, complexity, history or minimum age. */
  adPasswordPolicy: '新密码不符合公司目录的密码策略（长度、复杂度、不能与最近用过的密码相同、修改间隔），请换一个密码',
} as const;

export const HttpMessages = {
  xsrf: '请求校验失败，请刷新页面后重试',
  locked: ACCOUNT_LOCKED,
  sessionExpired: TOKEN_EXPIRED,
  tooManyRequests: '请求过于频繁，请稍后再试',
  badSignature: '签名校验失败',
  signatureExpired: '请求已过期，请校准时间后重试',
  nonceReplayed: '请求重复，请勿重放',
  badEncryption: '加密报文无法解析',
  notFound: '接口不存在',
  /** A call under /api from a foreign Origin no client group registered (server/embedding/cors.ts). */
  originRefused: '该站点未登记为嵌入站点，不能跨域调用登录接口',
  serverError: DEFAULT_ERROR,
  upstreamDown: '第三方登录服务暂不可用，请稍后重试',
  storageDown: '服务暂不可用，请稍后重试',
} as const;


/** HTTP 423 with the time left: `该账号已锁定，请 N 分钟后再试` (minutes rounded up by the caller). */
export const lockedForMinutes = (minutes: number): string => `${ACCOUNT_LOCKED}，请 ${minutes} 分钟后再试`;

/**
 * HTTP 400 / 413 / 415 texts of a request that does not fit: schema failures (naming the field,
 * unless the route gives the field its own text) and what Fastify refuses before any route runs.
 */
export const RequestMessages = {
  badParameters: '请求参数不正确',
  badBody: '请求体格式不正确',
  badRequest: '请求格式不正确',
  badUrl: '请求地址不正确',
  bodyTooLarge: '请求体过大',
  unsupportedMediaType: '不支持的请求格式',
  missing: (field: string): string => `缺少参数 ${field}`,
  unsupported: (field: string): string => `不支持的参数 ${field}`,
  badField: (field: string): string => `参数 ${field} 格式不正确`,
} as const;

/** Field texts of schema failures a route names itself (fieldMessages), beyond contract/messages.ts. */
export const FieldMessages = {
  loginType: '登录方式不正确',
  /** The user look-up (GET userDetails) with both or neither of its parameters. */
  usernameOrPhone: '请提供 username 或 phone 其中之一',
  passkeyName: '请输入通行密钥名称（1-40 个字）',
} as const;

/** The one-time login ticket's redeem (server/embedding/ticket-routes.ts): its refusal page texts. */
export const TicketMessages = {
  notRegistered: Refusal.embedOriginNotRegistered[1],
  invalid: '登录凭证无效，请返回登录页重新登录',
  expired: '登录凭证已过期，请返回登录页重新登录',
  used: '登录凭证已使用，请返回登录页重新登录',
  unbound: Refusal.loginBindingMissing[1],
} as const;

/**
 * Why an administrator's action on accounts, groups or app cards was refused: the console answers
 * them (with AU00603-AU00608, ConsoleRefusal) and the admin CLI prints them
 * (server/auth/account-admin.ts, server/catalog/catalog-admin.ts).
 */
export const AdminMessages = {
  accountNotFound: (username: string): string => `账号 ${username} 不存在`,
  unknownGroups: (codes: readonly string[]): string => `客户群不存在：${codes.join('、')}`,
  badUsername: '用户名支持小写英文、数字（1-32 位）',
  badPhone: INVALID_PHONE,
  usernameTaken: (username: string): string => `用户名 ${username} 已经存在`,
  phoneTaken: (phone: string): string => `手机号 ${phone} 已经存在`,
  lastAdmin: ConsoleRefusal.lastAdmin[1],
  disabledNotAdmin: (username: string): string => `账号 ${username} 已停用，不能设为管理员`,
  sessionGone: Refusal.sessionGone[1],
  notAUrl: (label: string, value: string): string => `${label}不是完整的网址：${value}`,
  notHttpUrl: (label: string, value: string): string => `${label}只能是 http 或 https 网址：${value}`,
  notAnOrigin: (value: string): string => `"${value}" 不是来源（如 https://dealer.example.com，不带路径）`,
  groupCodeTaken: (code: string): string => `客户群代码 ${code} 已被使用`,
  groupGone: (code: string): string => `客户群 ${code} 不存在，可能已被删除`,
  groupNotFound: (code: string): string => `客户群 ${code} 不存在`,
  domainTaken: (name: string, code: string): string => `域名已属于客户群 ${name}（${code}）`,
  badThemeLogo: '标志地址须是本站路径（/…）或 https 网址',
  domainUrlLabel: '访问地址',
  groupNameMissing: '请输入客户群名称',
  groupChanged: '该客户群已被其他管理员修改，请刷新后再改',
  groupIsDefault: '不能删除默认客户群：请先将另一个客户群设为默认',
  groupUsedByApps: (code: string, apps: readonly string[]): string =>
    `客户群 ${code} 仍在这些应用的访问规则中：${apps.join('、')}。请先在这些应用中取消勾选该客户群，再删除`,
  groupUsedByDirectories: (code: string, directories: readonly string[]): string =>
    `客户群 ${code} 仍在这些目录的客户群映射中：${directories.join('、')}。请先删除这些映射，再删除客户群`,
  appIdTaken: (id: string): string => `应用 ID ${id} 已被使用`,
  appGone: (id: string): string => `应用 ${id} 不存在，可能已被删除`,
  appNotFound: (id: string): string => `应用 ${id} 不存在`,
  badClientId: '客户端 ID 格式不正确',
  appLinkLabel: '应用链接',
  badAppLogo: '图标地址须是本站路径（/…）或 http(s) 网址',
} as const;

/**
 * Why a definition of an OpenID Connect client was refused, in the console's words
 * (server/oidc/client-definition.ts, client-admin.ts); the CLI and the import print English.
 */
export const ClientAdminMessages = {
  /** The console's names of the client fields, used as `label` below. */
  fieldLabels: {
    clientId: '客户端 ID', secret: '密钥', public: '公开客户端', redirectUris: '回调地址', postLogoutRedirectUris: '退出后回调地址',
    backchannelLogoutUri: '后端通道退出地址', initiateLoginUri: '发起登录地址', name: '名称', groups: '客户群', consent: '需用户同意',
    scopes: '允许的 scope',
  },
  notAUrl: (label: string, value: string): string => `${label}：不是完整的网址：${value}`,
  notHttpUrl: (label: string, value: string): string => `${label}：只能是 http 或 https 网址：${value}`,
  fragment: (label: string, value: string): string => `${label}：不能带 # 片段：${value}`,
  httpsOnly: (label: string, value: string): string => `${label}：生产环境只接受 https 网址（本机地址 127.0.0.1、[::1]、localhost 除外）：${value}`,
  badClientId: (label: string): string => `${label}：1-64 位英文字母、数字、点、下划线或短横线`,
  publicHasNoSecret: (label: string): string => `${label}：公开客户端没有密钥（使用 PKCE）`,
  secretTooShort: (label: string, min: number): string => `${label}：至少 ${min} 个字符`,
  redirectUriMissing: (label: string): string => `请至少填写一个${label}`,
  unknownGroups: (label: string, codes: readonly string[]): string => `${label}：客户群不存在：${codes.join('、')}`,
  unknownScopes: (label: string, scopes: readonly string[], known: readonly string[]): string =>
    `${label}：不支持的 scope：${scopes.join('、')}（可选：${known.join(' ')}）`,
  openidMissing: (label: string): string => `${label}：必须包含 openid`,
  clientNotFound: (clientId: string): string => `客户端 ${clientId} 不存在`,
  clientIdTaken: (clientId: string): string => `客户端 ID ${clientId} 已被使用`,
  clientGone: (clientId: string): string => `客户端 ${clientId} 不存在，可能已被删除`,
  clientChanged: '该客户端已被其他管理员修改，请刷新后再改',
  publicNoSecret: '公开客户端没有密钥',
} as const;

/** Why an administrator's action on a CAS service or SAML provider was refused (server/cas/protocol-admin.ts, service-patterns.ts). */
export const ProtocolAdminMessages = {
  appGone: (id: string): string => `应用 ${id} 不存在，可能已被删除`,
  badId: 'ID 须为 1-64 位字母、数字、. _ -',
  idIsOidcClient: (id: string): string => `ID ${id} 已是一个 OpenID Connect 客户端，请先删除它或换一个 ID`,
  badName: '名称须为 1-64 个字符',
  unknownGroups: (codes: readonly string[]): string => `没有客户群 ${codes.join('、')}`,
  idTaken: (id: string): string => `ID ${id} 已被使用`,
  appChanged: '该应用已被其他管理员修改，请刷新后再改',
  serviceMissing: '请至少填写一个服务地址',
  badService: (why: string): string => `服务地址 ${why}`,
  /** A service pattern that is not an absolute http(s) URL or a prefix ending in *. */
  badPattern: (pattern: string): string => `${pattern} 不是完整的 http(s) 地址，也不是以 * 结尾的地址前缀（不支持正则表达式或中间的 *）`,
  patternFragment: (pattern: string): string => `${pattern} 不能含 # 片段`,
  prefixWithoutPath: (pattern: string, origin: string): string => `${pattern}：地址前缀必须包含主机名后的路径，例如 ${origin}/*`,
  /** Production: a CAS service or SAML ACS URL must be https (loopback excepted), as OpenID Connect redirect URIs. */
  patternHttpsOnly: (url: string): string => `${url}：生产环境只允许 https 地址（http 仅限 127.0.0.1、[::1] 或 localhost）`,
  /** The very same service pattern registered for another CAS app. */
  servicePatternTaken: (pattern: string, otherId: string): string => `服务地址 ${pattern} 已登记在应用 ${otherId} 中；同一地址只能属于一个应用（重叠的前缀可以：更具体的地址优先）`,
} as const;

/** Why a SAML service provider's registration was refused (server/saml/saml-admin.ts, saml-metadata.ts). */
export const SamlAdminMessages = {
  badNameIdFormat: 'NameID 格式须为 persistent 或 unspecified',
  badMetadata: (why: string): string => `SP 元数据有误：${why}`,
  entityIdTaken: (entityId: string, id: string): string => `entityID ${entityId} 已登记为应用 ${id}`,
  /** What is wrong with the metadata (after badMetadata's prefix). */
  metadataTooLarge: '元数据超过 256 KB',
  metadataDoctype: '元数据不能含 DOCTYPE 或实体声明（<!DOCTYPE、<!ENTITY）',
  metadataNotXml: (why: string): string => `元数据不是有效的 XML：${why}`,
  metadataNotEntityDescriptor: '元数据的根元素须是 EntityDescriptor（每次登记一个服务提供者）',
  metadataNoSpDescriptor: '元数据中没有（或不止一个）SPSSODescriptor，不是服务提供者的元数据',
  metadataUnreadable: '无法读取该元数据，请检查是否为 SAML 2.0 服务提供者元数据',
  metadataNoEntityId: '元数据中没有 entityID',
  metadataNoAcs: '元数据中没有 HTTP-POST 绑定的 AssertionConsumerService',
  /** Fetching the metadata from a URL (server/saml/sp-metadata-fetch.ts): what stopped it. */
  metadataUrlBad: '请输入元数据的完整网址，如 https://sp.example.com/saml/metadata',
  metadataUrlHttpsOnly: '元数据网址须以 https:// 开头（http 仅限开发环境中的本机地址）',
  metadataUrlForbidden: '服务器不从该地址获取元数据（本机、链路本地、组播等地址不允许）',
  metadataFetchRedirect: '该网址要求跳转到别处，请填写跳转后的最终网址',
  metadataFetchStatus: (status: number): string => `获取元数据失败：对方返回 HTTP ${status}`,
  metadataFetchTimeout: '获取元数据超时（10 秒内没有完成）',
  metadataFetchUnreachable: '无法连接该网址，请检查网址以及服务器能否访问它',
} as const;

/** The second factor's field texts at sign-in (server/mfa/sign-in-routes.ts). */
export const MfaFieldMessages = {
  code: SECOND_FACTOR_CODE_REQUIRED,
  recoveryCode: '恢复码格式不正确',
  challenge: Refusal.mfaChallengeExpired[1],
} as const;

/**
 * The OpenID Connect provider's error_description texts an app (and through it a person) sees:
 * the login checks (server/oidc/portal-policy.ts) and acr_values asking for two factors an account
 * cannot give (server/oidc/acr.ts).
 */
export const OidcMessages = {
  portalNotSignedIn: '门户未登录',
  notInAppGroups: '账号不属于该应用的用户组',
  twoFactorsRequested: '应用要求二次验证',
  unmetTwoFactors: '该应用要求二次验证登录：请先在“我的账号”页面绑定身份验证器',
} as const;
