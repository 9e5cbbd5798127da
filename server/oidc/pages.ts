// The provider's own pages, in Chinese, with no inline script or style: they render under the
// portal's strict Content-Security-Policy (a form button instead of an auto-submitting script).
import { OidcPageTexts as T } from '../../contract/pages.ts';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function page(title: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

export const paragraph = (text: string): string => `<p>${escape(text)}</p>`;


export function errorPage(error: string, description?: string): string {
  const text = T.errors[error] ?? T.otherError;
  return page(T.errorTitle, paragraph(text) + `<p><small>${escape(error)}${description ? `: ${escape(description)}` : ''}</small></p>`);
}

export function logoutConfirmPage(form: string, appName: string | null): string {
  return page(T.logoutTitle, paragraph(T.logoutQuestion(appName))
    + form
    + `<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">${escape(T.logoutButton)}</button> `
    + `<button type="submit" form="op.logoutForm">${escape(T.stayButton)}</button>`);
}

export function loggedOutPage(appName: string | null): string {
  return page(T.loggedOutTitle, paragraph(T.loggedOut(appName)));
}

export function consentPage(appName: string, scopes: string[], action: string): string {
  const items = scopes.map((s) => `<li>${escape(T.scopes[s] ?? s)}</li>`).join('');
  return page(T.consentTitle, paragraph(T.consentQuestion(appName)) + `<ul>${items}</ul>`
    + `<form method="post" action="${escape(action)}"><button type="submit" name="decision" value="allow">${escape(T.allowButton)}</button> `
    + `<button type="submit" name="decision" value="deny">${escape(T.denyButton)}</button></form>`);
}
