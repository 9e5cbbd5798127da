// The CAS pages a person may see, in Chinese, with no script or inline style (the portal's strict
// Content-Security-Policy): refusals, the sign-out confirmation (a plain form: nothing changes on a
// GET another site can trigger) and the signed-out page.
const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function casPage(title: string, text: string, extra = ''): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1><p>${escape(text)}</p>${extra}</main></body></html>`;
}

export const REFUSALS = {
  unknownService: '该应用未在统一登录平台登记，无法登录。请联系管理员登记该应用。',
  badService: '应用发来的登录请求无效（service 参数不是有效的网址），请回到应用重新登录。',
  noAccess: '您的账号无权使用该应用。如需使用，请联系管理员把您加入相应的用户组。',
  expired: '登录请求已过期，请回到应用重新登录。',
  badRequest: '请求无效，请回到应用重新操作。',
} as const;

export function refusalPage(text: string): string {
  return casPage('无法完成登录', text);
}

export function logoutConfirmPage(token: string, service: string | null, appName: string | null): string {
  const hidden = `<input type="hidden" name="token" value="${escape(token)}">${service ? `<input type="hidden" name="service" value="${escape(service)}">` : ''}`;
  return casPage('退出登录', appName ? `是否退出统一登录（来自应用「${appName}」的请求）？` : '是否退出统一登录？',
    `<form method="post" action="/cas/logout">${hidden}<button autofocus type="submit" name="logout" value="yes">退出登录</button></form>`);
}

export function loggedOutPage(): string {
  return casPage('已退出登录', '您已退出统一登录及通过它登录的应用。');
}

/**
 * renew=true (CAS) or ForceAuthn (SAML) over a running session: the password must be given again,
 * which ends the session; a GET another site can trigger must not, so this page asks first.
 */
export function reauthenticatePage(token: string, next: string, clientId: string, appName: string | null): string {
  const hidden = [['token', token], ['next', next], ['client', clientId]]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value!)}">`).join('');
  return casPage('请重新登录', appName ? `应用「${appName}」要求您重新输入账号和密码。继续将退出当前登录。` : '该应用要求您重新输入账号和密码。继续将退出当前登录。',
    `<form method="post" action="/cas/reauthenticate">${hidden}<button autofocus type="submit">继续</button></form>`);
}
