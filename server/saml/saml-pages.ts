// The pages of the SAML identity provider: the HTTP-POST binding's form, sent on by a script file
// of our own origin (the portal's Content-Security-Policy allows no inline script; form-action is
// widened to the one SP origin the form goes to), with a button for a browser without script.
const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const AUTOPOST_SCRIPT = "document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('saml-post');if(f)f.submit();});\n";

export function autopostPage(action: string, fields: Record<string, string | undefined>): string {
  const inputs = Object.entries(fields).filter(([, v]) => v !== undefined && v !== '')
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value!)}">`).join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>正在登录</title><script src="/saml/autopost.js"></script></head>
<body><main><h1>正在登录应用…</h1><form id="saml-post" method="post" action="${escape(action)}">${inputs}<button type="submit">继续</button></form></main></body></html>`;
}

export const SAML_REFUSALS = {
  badRequest: '应用发来的 SAML 请求无效，请回到应用重新登录。',
  unknownSp: '该应用未在统一登录平台登记，无法登录。请联系管理员登记该应用。',
  noAccess: '您的账号无权使用该应用。如需使用，请联系管理员把您加入相应的用户组。',
  expired: '登录请求已过期，请回到应用重新登录。',
} as const;
