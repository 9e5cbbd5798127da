// The texts of the console's 应用 section: OpenID Connect clients (their scopes, secrets and the
// provider's signing key), app cards, CAS services and SAML providers. Refusals the server sends are
// contract/errors.ts's; the shared pieces (retry, cancel, groups) console.messages.ts's.
import type { ClientScope } from '../../contract/rules/client-scopes.ts';

/** 允许的 scope (scope-checkboxes.tsx). */
export const ScopeText = {
  legend: '允许的 scope',
  hint: '应用请求未勾选的 scope 时会被拒绝（invalid_scope）',
  names: {
    openid: 'openid（登录，必选）',
    profile: 'profile（用户名）',
    phone: 'phone（手机号）',
    groups: 'groups（所属客户群）',
  } satisfies Record<ClientScope, string>,
} as const;

/** 轮换签名密钥 (signing-key-button.tsx). */
export const SigningKeyText = {
  rotate: '轮换签名密钥',
  rotating: '正在轮换…',
  confirm: '生成新的 OIDC 签名密钥？新密钥立即公布，一小时后开始签名（让各应用先取到它）；旧密钥在其令牌过期前仍会公布。',
  rotated: (kid: string) => `已启用新签名密钥：${kid}`,
} as const;

/** The OpenID Connect clients' list (clients-section.tsx, client-row.tsx). */
export const ClientListText = {
  heading: '应用',
  clients: 'OIDC 客户端',
  create: '新建客户端',
  none: '还没有客户端。',
  caption: 'OIDC 客户端列表',
  columns: { clientId: '客户端 ID', name: '名称', type: '类型', groups: '客户群', state: '状态', actions: '操作' },
  rotatedNote: '旧密钥在宽限期内仍可使用。',
  publicClient: '公开',
  confidentialClient: '机密',
  groupsSeparator: '、',
  everyone: '全部账号',
  disabled: '已停用',
  enabledState: '启用中',
  previousSecretUntil: (time: string) => `旧密钥有效至 ${time}`,
  edit: '编辑',
  editOne: (clientId: string) => `编辑 ${clientId}`,
  enable: '启用',
  disable: '停用',
  toggleOne: (action: string, clientId: string) => `${action} ${clientId}`,
  disableConfirm: (label: string) => `停用客户端 ${label}？停用后该应用无法再登录任何人，已签发的令牌将被拒绝。`,
  rotate: '轮换密钥',
  rotateOne: (clientId: string) => `轮换密钥 ${clientId}`,
  remove: '删除',
  removeOne: (clientId: string) => `删除 ${clientId}`,
  removeConfirm: (label: string) => `删除客户端 ${label}？此操作不可撤销，使用该客户端的应用将无法登录。`,
} as const;

/** A client's secret, shown once (secret-dialog.tsx). */
export const SecretText = {
  title: '客户端密钥',
  /** Around the client id (in <strong>). */
  saveNowBefore: '请立即复制并妥善保存客户端 ',
  saveNowAfter: ' 的密钥。关闭此窗口后密钥将不会再次显示，遗失只能重新轮换。',
  copy: '复制',
  copied: '已复制到剪贴板',
  copyFailed: '无法访问剪贴板，请选中密钥手动复制',
  done: '我已保存，关闭',
} as const;

/** 轮换密钥 (rotate-secret-dialog.tsx). */
export const RotateSecretText = {
  title: (clientId: string) => `轮换密钥：${clientId}`,
  intro: '生成新的客户端密钥。旧密钥在宽限期内仍然有效，方便应用切换到新密钥。',
  grace: '旧密钥宽限时间（分钟）',
  graceHint: '0 表示旧密钥立即失效；最长 7 天（10080 分钟）',
  badGrace: (max: number) => `请输入 0 到 ${max} 之间的整数分钟数`,
  cancel: '取消',
  rotate: '轮换密钥',
  rotating: '正在轮换…',
} as const;

/** The app centre's cards (apps-panel.tsx). */
export const AppCardListText = {
  heading: '应用卡片',
  create: '新建应用卡片',
  none: '还没有应用卡片。',
  caption: '应用卡片列表',
  columns: { name: '名称', group: '客户群', link: '链接', oidcClient: 'OIDC 客户端', sortOrder: '排序', visible: '显示', actions: '操作' },
  shown: '显示',
  hidden: '隐藏',
  edit: '编辑',
  editOne: (name: string) => `编辑应用卡片 ${name}`,
  remove: '删除',
  removeOne: (name: string) => `删除应用卡片 ${name}`,
  removeConfirm: (name: string) => `删除应用卡片“${name}”？应用中心将不再显示它。`,
} as const;

/** CAS services and SAML providers (protocol-apps-panel.tsx). */
export const ProtocolAppListText = {
  heading: 'CAS 服务与 SAML 应用',
  createCas: '新建 CAS 服务',
  createSaml: '新建 SAML 应用',
  none: '还没有 CAS 服务或 SAML 应用。',
  caption: 'CAS 服务与 SAML 应用列表',
  columns: { name: '名称', protocol: '协议', where: '服务地址 / SP', groups: '客户群', actions: '操作' },
  casService: 'CAS 服务',
  samlApp: 'SAML 应用',
  entityId: (entityId: string) => `entityID：${entityId}`,
  acs: (url: string) => `ACS：${url}`,
  nameId: (format: string, signResponse: boolean) => `NameID：${format}${signResponse ? '，签名整个响应' : ''}`,
  groupsSeparator: '、',
  everyone: '全部账号',
  edit: '编辑',
  editOne: (id: string) => `编辑 ${id}`,
  remove: '删除',
  removeOne: (id: string) => `删除 ${id}`,
  removeConfirm: (what: string, label: string) => `删除${what} ${label}？此操作不可撤销，该应用将无法再通过单点登录登录。`,
} as const;

/** An app card's form (app-form.tsx). */
export const AppFormText = {
  titleNew: '新建应用卡片',
  titleEdit: (name: string) => `编辑应用卡片：${name}`,
  id: '应用 ID',
  idHintNew: '英文字母、数字、点、下划线、短横线；创建后不可修改',
  idHintEdit: '不可修改',
  requiredId: '请输入应用 ID',
  badId: '应用 ID 只能包含英文字母、数字、点、下划线和短横线，最多 64 位',
  idTaken: '该应用 ID 已被使用，请换一个',
  group: '客户群',
  chooseGroup: '请选择',
  requiredGroup: '请选择客户群',
  name: '应用名称',
  requiredName: '请输入应用名称',
  nameTooLong: '应用名称不能超过 64 个字符',
  logo: '图标地址',
  logoHint: '图片的网址或站内路径，可留空',
  logoTooLong: '图标地址不能超过 2048 个字符',
  link: '应用链接',
  linkHint: '在应用中心点击卡片时打开的地址',
  requiredLink: '请输入应用链接',
  linkTooLong: '应用链接不能超过 2048 个字符',
  oidcClient: '关联的 OIDC 客户端',
  oidcClientHint: '可选：卡片经该客户端的登录入口打开',
  noOidcClient: '无',
  sortOrder: '排序',
  sortOrderHint: '数字小的排在前面',
  badSortOrder: '排序须为 0 到 100000 之间的整数',
  intro: '简介',
  introHint: '最多 200 字',
  introTooLong: '简介不能超过 200 个字符',
  visible: '在应用中心显示',
  create: '创建应用卡片',
  save: '保存修改',
} as const;

/** An OpenID Connect client's form (client-form.tsx). */
export const ClientFormText = {
  titleNew: '新建客户端',
  titleEdit: (clientId: string) => `编辑客户端：${clientId}`,
  clientId: '客户端 ID',
  clientIdHintNew: '创建后不可修改',
  clientIdHintEdit: '不可修改',
  requiredClientId: '请输入客户端 ID',
  clientIdTooLong: '客户端 ID 不能超过 128 个字符',
  clientIdSpaces: '客户端 ID 中不能有空格',
  name: '名称',
  nameTooLong: '名称不能超过 64 个字符',
  kind: '客户端类型',
  confidential: '机密客户端（服务器端应用，有密钥）',
  public: '公开客户端（浏览器或移动应用，PKCE，无密钥）',
  redirectUris: '回调地址（每行一个）',
  redirectUrisHint: '登录后返回应用的地址，至少一个，最多 20 个',
  redirectUri: '回调地址',
  postLogoutUris: '退出后跳转地址（每行一个）',
  postLogoutUrisHint: '可留空，最多 20 个',
  postLogoutUri: '退出后跳转地址',
  backchannelLogoutUri: '后端通道退出地址',
  backchannelLogoutUriHint: '单点退出时服务器通知应用的地址，可留空',
  initiateLoginUri: '发起登录地址',
  initiateLoginUriHint: '应用自己发起登录的入口，可留空',
  groups: '可使用的客户群',
  groupsHint: '不勾选：所有已登录账号都可使用',
  consent: '登录时请用户确认授权',
  uriTooLong: '地址不能超过 2048 个字符',
  uriSpaces: '地址中不能有空格',
  notAUri: '请输入完整的地址（如 https://app.example.com/callback）',
  atLeastOne: (label: string) => `请至少填写一个${label}`,
  tooMany: (label: string, max: number) => `${label}最多 ${max} 个`,
  badLine: (label: string, line: string, problem: string) => `${label}“${line}”有误：${problem}`,
  gone: '该客户端已不存在，可作为新客户端保存',
  create: '创建客户端',
  save: '保存修改',
} as const;

/** A CAS service's or SAML provider's form (protocol-app-form.tsx). */
export const ProtocolAppFormText = {
  titleNew: (what: string) => `新建 ${what}`,
  titleEdit: (what: string, id: string) => `编辑 ${what}：${id}`,
  id: 'ID',
  idHintNew: '字母、数字、. _ -，创建后不可修改',
  idHintEdit: '不可修改',
  requiredId: '请输入 ID',
  badId: 'ID 须为 1-64 位字母、数字、. _ -',
  name: '名称',
  nameHint: '可留空',
  nameTooLong: '名称不能超过 64 个字符',
  services: '服务地址（每行一个）',
  servicesHint: '完整地址，或以 * 结尾的地址前缀（须包含主机名后的路径，如 https://erp.example.com/*）；不支持正则表达式，最多 20 个',
  noServices: '请至少填写一个服务地址',
  tooManyServices: '服务地址最多 20 个',
  badService: (line: string, problem: string) => `服务地址“${line}”有误：${problem}`,
  /** The server's rule for one service pattern (server/cas/service-patterns.ts). */
  pattern: {
    tooLong: '地址不能超过 2048 个字符',
    notAUrl: '须为完整的 http(s) 地址，或以 * 结尾的地址前缀（不支持正则表达式）',
    badUrl: '须为完整的 http(s) 地址，或以 * 结尾的地址前缀（不支持正则表达式或中间的 *）',
    fragment: '不能含 # 片段',
    prefixWithoutPath: (origin: string) => `地址前缀必须包含主机名后的路径，例如 ${origin}/*`,
  },
  metadata: 'SP 元数据 XML',
  metadataHint: '粘贴服务提供者的元数据（EntityDescriptor，含 SPSSODescriptor 与 HTTP-POST 的 AssertionConsumerService）；不能含 DOCTYPE',
  /** 获取: the server fetches the SP's metadata from its URL. */
  metadataUrl: '元数据网址',
  metadataUrlHint: '可选：服务器从 SP 的元数据网址（https）获取元数据并填入下方',
  metadataUrlRequired: '请输入元数据网址',
  metadataFetched: (entityId: string) => `已获取 ${entityId} 的元数据，填入下方`,
  fetch: '获取',
  fetching: '正在获取…',
  noMetadata: '请粘贴服务提供者（SP）的元数据 XML',
  metadataTooLong: '元数据不能超过 256 KB',
  metadataDoctype: '元数据不能含 DOCTYPE 或实体声明（<!DOCTYPE、<!ENTITY）',
  notMetadata: '这不是 SAML 元数据：缺少 EntityDescriptor',
  nameIdFormat: 'NameID 格式',
  nameIdFormatHint: 'SP 的请求未指定格式时使用：persistent 为不变的匿名标识，unspecified 为用户名',
  persistent: 'persistent（不变的匿名标识）',
  unspecified: 'unspecified（用户名）',
  signResponse: '签名整个响应',
  signResponseHint: '除断言外，对整个 SAML 响应也签名（部分 SP 要求）',
  groups: '可使用的客户群',
  groupsHint: '不勾选：所有已登录账号都可使用',
  gone: (what: string) => `该${what}已不存在，可作为新${what}保存`,
  create: (what: string) => `创建 ${what}`,
  save: '保存修改',
} as const;
