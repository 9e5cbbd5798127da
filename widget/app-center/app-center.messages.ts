// Every user-facing text of <app-center>. The spec fixes 应用中心; the rest follows its tone.
export const appCenterMessages = {
  heading: '应用中心',
  searchLabel: '搜索应用',
  searchPlaceholder: '搜索应用名称或描述',
  loading: '正在加载应用…',
  emptyTitle: '暂无可用的应用',
  emptyHint: '当前客户群还没有开通应用，请联系管理员。',
  noMatchTitle: (query: string) => `没有找到与“${query}”相关的应用`,
  noMatchHint: '换个关键词试试，或清空搜索查看全部应用。',
  clearSearch: '清空搜索',
  loadFailedTitle: '应用加载失败',
  notMemberTitle: '您的账号不属于当前客户群',
  notMemberHint: (hasOthers: boolean) =>
    hasOthers ? '请前往您所属的客户群，或联系管理员开通。' : '您的账号还没有加入任何客户群，请联系管理员开通。',
  goToGroup: (name: string) => `前往${name}`,
  signedOutTitle: '请先登录',
  signedOutHint: '登录后即可查看并打开您可以使用的应用。',
  signIn: '去登录',
  retry: '重新加载',
  resultCount: (shown: number, total: number) =>
    shown === total ? `共 ${total} 个应用` : `找到 ${shown} 个应用（共 ${total} 个）`,
  appList: '应用列表',
  /** Read after each card's name: a card opens its app in a new window. */
  opensInNewWindow: '在新窗口中打开',
  groupMenuTitle: '切换客户群',
  /** The group button's hidden suffix after the current group's name: what the button does. */
  groupMenuHint: (what: string) => `（${what}）`,
  account: '我的账号',
  exit: '退出登录',
  exiting: '正在退出…',
  noAddress: (name: string) => `${name} 还没有配置访问地址，请联系管理员`,
  topBar: '顶部导航',
} as const;
