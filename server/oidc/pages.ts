// The provider's own pages, in Chinese, with no inline script or style: they render under the
// portal's strict Content-Security-Policy (a form button instead of an auto-submitting script).
const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

export const paragraph = (text: string): string => `<p>${escape(text)}</p>`;

/** OAuth error codes a person may see when no redirect back to the app is possible. */
const ERROR_TEXTS: Record<string, string> = {
  access_denied: '您的账号无权使用该应用。如需使用，请联系管理员把您加入相应的用户组。',
  invalid_request: '应用发来的登录请求无效，请回到应用重新发起登录。',
  invalid_client: '该应用未在统一登录平台登记，或登记信息有误。',
  invalid_redirect_uri: '应用的回调地址未登记，无法完成登录。',
  unauthorized_client: '该应用无权使用此登录方式。',
  login_required: '请先登录。',
  server_error: '服务暂时不可用，请稍后重试。',
};

export function errorPage(error: string, description?: string): string {
  const text = ERROR_TEXTS[error] ?? '登录请求无法完成，请回到应用重新发起登录。';
  return page('无法完成登录', paragraph(text) + `<p><small>${escape(error)}${description ? `: ${escape(description)}` : ''}</small></p>`);
}

export function logoutConfirmPage(form: string, appName: string | null): string {
  return page('退出登录', paragraph(appName ? `是否退出统一登录（来自应用「${appName}」的请求）？` : '是否退出统一登录？')
    + form
    + '<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">退出登录</button> '
    + '<button type="submit" form="op.logoutForm">保持登录</button>');
}

export function loggedOutPage(appName: string | null): string {
  return page('已退出登录', paragraph(appName ? `您已退出统一登录及应用「${appName}」。` : '您已退出统一登录。'));
}

export function consentPage(appName: string, scopes: string[], action: string): string {
  const SCOPE_TEXTS: Record<string, string> = {
    openid: '您的账号标识', profile: '用户名', phone: '手机号', groups: '所属用户组',
  };
  const items = scopes.map((s) => `<li>${escape(SCOPE_TEXTS[s] ?? s)}</li>`).join('');
  return page('授权确认', paragraph(`应用「${appName}」请求获取以下信息：`) + `<ul>${items}</ul>`
    + `<form method="post" action="${escape(action)}"><button type="submit" name="decision" value="allow">同意</button> `
    + '<button type="submit" name="decision" value="deny">拒绝</button></form>');
}
