// What the demo page offers: the six brands, the demo users the server seeds, and a direct link
// to every view of the login element (it reads these query parameters from the page address).

export const BRANDS = [
  { code: '', label: '跟随客户群（按域名）', domain: '' },
  { code: 'default', label: '默认 default', domain: 'localhost' },
  { code: 'ka', label: '大客户营销 ka', domain: 'ka.localhost' },
  { code: 'operation', label: '运营管理 operation', domain: 'operation.localhost' },
  { code: 'yingfeng', label: '盈峰 yingfeng', domain: 'yingfeng.localhost' },
  { code: 'icar', label: 'iCAR icar', domain: 'icar.localhost' },
  { code: 'exeed', label: '星途 EXEED exeed', domain: 'exeed.localhost' },
] as const;

/** The six brands with the demo host name of their client group (the snippets' sso-domain). */
export const NAMED_BRANDS = BRANDS.filter((brand) => brand.code !== '');

export const DEMO_USERS = [
  { username: 'zhangwei', password: 'Sso@2026demo', note: '普通员工，直接登录' },
  { username: 'firstlogin', password: 'Sso@2026first', note: '首次登录：提示并打开强制改密对话框' },
  { username: 'agedpwd', password: 'Sso@2026aged', note: '密码超过一个月未改：提示改密' },
  { username: 'dealer01', password: 'Sso@2026dealer', note: '经销商，手机 13800000001 可短信登录' },
] as const;

export interface ViewLink {
  label: string;
  /** Query string (without '?'): the login element's own parameters, or the demo's demo_view. */
  query: string;
  note?: string;
}

export const VIEW_LINKS: ViewLink[] = [
  { label: '密码登录（默认）', query: '' },
  { label: '企业微信扫码', query: 'demo_view=wecom', note: '客户群配置了企业微信时可用；记住扫码选择' },
  { label: '飞书扫码', query: 'demo_view=feishu', note: '客户群配置了飞书时可用（默认客户群有）' },
  { label: '手机登录', query: 'demo_view=mobile', note: 'dealer01 的手机 13800000001' },
  { label: '注册', query: 'demo_view=register' },
  { label: '退出登录视图', query: 'is_signout=1' },
  { label: '首次登录改密对话框', query: '', note: '用 firstlogin / Sso@2026first 登录' },
  { label: '密码过期改密对话框', query: '', note: '用 agedpwd / Sso@2026aged 登录' },
  { label: '外部跳转：缺失 code', query: 'is_redirect_self=1&login_type=wecom', note: '显示 缺失code参数' },
  { label: '外部跳转：缺失 login_type', query: 'is_redirect_self=1&code=demo-code', note: '显示 缺失login_type参数' },
  { label: '外部跳转：企业微信 code 登录', query: 'is_redirect_self=1&login_type=wecom&code=demo-code', note: '链接里没有本页扫码时生成的 state：显示 state 校验失败的提示（防登录 CSRF），不调用服务器' },
  { label: '外部跳转：飞书 code 登录', query: 'is_redirect_self=1&login_type=feishu&code=demo-code', note: '同上，飞书' },
];

export const WATCHED_EVENTS = [
  'sso-login-success',
  'sso-login-error',
  'sso-login-view-change',
  'app-center-open',
  'app-center-exit',
  'app-center-sign-in',
] as const;
