// The CAS pages a person may see, in Chinese, with no script or inline style (the portal's strict
// Content-Security-Policy): refusals, the sign-out confirmation (a plain form: nothing changes on a
// GET another site can trigger) and the signed-out page.
import { CasPageTexts as T } from '../../contract/pages.ts';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function casPage(title: string, text: string, extra = ''): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1><p>${escape(text)}</p>${extra}</main></body></html>`;
}

export const REFUSALS = T.refusals;

export function refusalPage(text: string): string {
  return casPage(T.refusalTitle, text);
}

export function logoutConfirmPage(token: string, service: string | null, appName: string | null): string {
  const hidden = `<input type="hidden" name="token" value="${escape(token)}">${service ? `<input type="hidden" name="service" value="${escape(service)}">` : ''}`;
  return casPage(T.logoutTitle, T.logoutQuestion(appName),
    `<form method="post" action="/cas/logout">${hidden}<button autofocus type="submit" name="logout" value="yes">${escape(T.logoutButton)}</button></form>`);
}

export function loggedOutPage(): string {
  return casPage(T.loggedOutTitle, T.loggedOut);
}

/**
 * renew=true (CAS) or ForceAuthn (SAML) over a running session: the password must be given again,
 * which ends the session; a GET another site can trigger must not, so this page asks first.
 */
export function reauthenticatePage(token: string, next: string, clientId: string, appName: string | null): string {
  const hidden = [['token', token], ['next', next], ['client', clientId]]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escape(value!)}">`).join('');
  return casPage(T.reauthenticateTitle, T.reauthenticate(appName),
    `<form method="post" action="/cas/reauthenticate">${hidden}<button autofocus type="submit">${escape(T.continueButton)}</button></form>`);
}
