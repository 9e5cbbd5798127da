// The pages of the SAML identity provider: the HTTP-POST binding's form, sent on by a script file
// of our own origin (the portal's Content-Security-Policy allows no inline script; form-action is
// widened to the one SP origin the form goes to), with a button for a browser without script.
import { SamlPageTexts as T } from '../../contract/pages.ts';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const AUTOPOST_SCRIPT = "document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('saml-post');if(f)f.submit();});\n";

export function autopostPage(action: string, fields: Record<string, string | undefined>, heading: { title: string; text: string } = T.loggingIn): string {
  const inputs = Object.entries(fields).filter(([, v]) => v !== undefined && v !== '')
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value!)}">`).join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${escape(heading.title)}</title><script src="/saml/autopost.js"></script></head>
<body><main><h1>${escape(heading.text)}</h1><form id="saml-post" method="post" action="${escape(action)}">${inputs}<button type="submit">${escape(T.continueButton)}</button></form></main></body></html>`;
}

export const LOGGING_OUT = T.loggingOut;

/** The end of a front-channel logout chain the portal's sign-out started: the spec's logout view texts. */
export function signedOutPage(loginUrl: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(T.signedOutTitle)}</title></head><body><main><h1>${escape(T.signedOutTitle)}</h1><p role="status">${escape(T.signedOut)}</p><p><a href="${escape(loginUrl)}">${escape(T.signInAgain)}</a></p></main></body></html>`;
}

export const SAML_REFUSALS = T.refusals;
