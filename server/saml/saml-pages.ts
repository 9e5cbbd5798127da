// The pages of the SAML identity provider: the HTTP-POST binding's form, sent on by a script file
// of our own origin (the portal's Content-Security-Policy allows no inline script; form-action is
// widened to the one SP origin the form goes to), with a button for a browser without script.
const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const AUTOPOST_SCRIPT = "document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('saml-post');if(f)f.submit();});\n";

export function autopostPage(action: string, fields: Record<string, string | undefined>, heading: { title: string; text: string } = { title: '正在登录', text: '正在登录应用…' }): string {
  const inputs = Object.entries(fields).filter(([, v]) => v !== undefined && v !== '')
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value!)}">`).join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escape(heading.title)}</title><script src="/saml/autopost.js"></script></head>
<body><main><h1>${escape(heading.text)}</h1><form id="saml-post" method="post" action="${escape(action)}">${inputs}<button type="submit">继续</button></form></main></body></html>`;
}

export const LOGGING_OUT = { title: '正在退出', text: '正在退出应用…' } as const;

/** The end of a front-channel logout chain the portal's sign-out started: the spec's logout view texts. */
export function signedOutPage(loginUrl: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>已退出登录</title></head><body><main><h1>已退出登录</h1><p role="status">您已退出登录</p><p><a href="${escape(loginUrl)}">重新登录</a></p></main></body></html>`;
}

export const SAML_REFUSALS = {
  badRequest: '应用发来的 SAML 请求无效，请回到应用重新登录。',
  unknownSp: '该应用未在统一登录平台登记，无法登录。请联系管理员登记该应用。',
  noAccess: '您的账号无权使用该应用。如需使用，请联系管理员把您加入相应的用户组。',
  expired: '登录请求已过期，请回到应用重新登录。',
  badLogoutResponse: '应用发回的退出结果无效（不是本平台发出的退出请求的回答，或签名、时间、目的地址不符）。',
} as const;
