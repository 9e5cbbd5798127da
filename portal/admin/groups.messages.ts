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
} as const;
