// The texts of the console's 客户群 section: the list, a group's form with its theme and the live
// preview. Refusals the server sends are contract/errors.ts's; the shared pieces console.messages.ts's.

/** The live <sso-login> beside the form (theme-preview.tsx). */
export const ThemePreviewText = {
  caption: (ssoDomain: string | null) => `登录页预览${ssoDomain ? `（${ssoDomain}）` : ''}：颜色随表单即时变化，保存后生效`,
} as const;

/** The groups' list (groups-section.tsx). */
export const GroupListText = {
  heading: '客户群',
  create: '新建客户群',
  saved: (name: string, code: string) => `已保存客户群 ${name}（${code}）`,
  none: '还没有客户群。',
  caption: '客户群列表',
  columns: { code: '代码', name: '名称', domains: '域名', traits: '属性', sortOrder: '排序', actions: '操作' },
  domainsSeparator: '、',
  isDefault: '默认',
  staffOnly: '仅员工',
  themed: '自定义外观',
  edit: '编辑',
  editOne: (name: string) => `编辑客户群 ${name}`,
  remove: '删除',
  removeOne: (name: string) => `删除客户群 ${name}`,
  removeConfirm: (name: string, code: string) => `删除客户群“${name}”（${code}）？该客户群的应用卡片和成员关系将一并删除，此操作不能撤销。`,
  removed: (name: string, code: string) => `已删除客户群 ${name}（${code}）`,
} as const;

/** A group's form (group-form.tsx). */
export const GroupFormText = {
  titleNew: '新建客户群',
  titleEdit: (name: string) => `编辑客户群：${name}`,
  code: '代码',
  codeHintNew: '小写英文字母、数字、短横线；创建后不可修改',
  codeHintEdit: '不可修改',
  requiredCode: '请输入客户群代码',
  badCode: '代码只能包含小写英文字母、数字和短横线，最多 32 位',
  name: '名称',
  requiredName: '请输入客户群名称',
  nameTooLong: '名称不能超过 64 个字符',
  domainUrl: '主页地址（domainUrl）',
  domainUrlHint: '在应用中心切换到该客户群时打开的地址，可留空',
  sortOrder: '排序',
  sortOrderHint: '数字小的排在前面',
  badSortOrder: '排序须为 0 到 100000 之间的整数',
  domains: '域名（每行一个）',
  domainsHint: '访问这些主机名时显示该客户群；第一个为单点登录域名',
  tooManyDomains: '域名最多 20 个',
  badDomain: (domain: string) => `域名“${domain}”有误：只填主机名，如 sso.example.com（不带 http:// 和路径）`,
  origins: '嵌入与回调来源（每行一个）',
  originsHint: '允许嵌入登录组件并接收登录回调的品牌站点，如 https://brand.example.com',
  tooManyOrigins: '来源最多 50 个',
  badOrigin: (origin: string, problem: string) => `来源“${origin}”有误：${problem}`,
  notHttp: '须以 http:// 或 https:// 开头',
  notAnAddress: '请输入完整的地址（如 https://brand.example.com）',
  staffOnly: '仅限员工',
  staffOnlyHint: '经销商账号不能登录该客户群',
  requireMfa: '要求二次验证',
  requireMfaHint: '成员输入密码后还须输入身份验证器的动态验证码；尚未绑定的成员登录时先绑定',
  isDefault: '默认客户群',
  isDefaultHint: '未匹配任何域名时显示该客户群',
  look: '外观',
  defaultLook: '默认外观',
  customLook: '自定义颜色和 Logo',
  colours: { primaryColor: '主色', primaryHoverColor: '主色（悬停）', backgroundFrom: '背景渐变起始色', backgroundTo: '背景渐变结束色' },
  logoUrl: 'Logo 地址',
  logoUrlHint: 'https:// 网址或 / 开头的站内路径；留空使用内置标志',
  badLogoUrl: 'Logo 地址须为 https:// 开头的网址或 / 开头的站内路径，不能有空格和引号',
  gone: '该客户群已不存在',
  create: '创建客户群',
  save: '保存修改',
} as const;
