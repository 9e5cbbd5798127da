// What the validation endpoints answer: CAS 1.0 text (/validate), CAS 2.0/3.0 XML
// (/serviceValidate, /p3/serviceValidate) and the CAS 3.0 JSON form (format=JSON). Failures are
// 200 answers with a CAS error code, as the protocol has them (apps parse the body, not the status).
export type CasErrorCode = 'INVALID_REQUEST' | 'INVALID_TICKET_SPEC' | 'UNAUTHORIZED_SERVICE_PROXY' | 'INVALID_PROXY_CALLBACK'
  | 'INVALID_TICKET' | 'INVALID_SERVICE' | 'INTERNAL_ERROR' | 'UNAUTHORIZED_SERVICE';

export interface CasUser {
  username: string;
  attributes: Record<string, string | string[]>;
}

export type CasFormat = 'XML' | 'JSON';

const escapeXml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
    // XML 1.0 has no place for most control characters: drop them rather than answer broken XML.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '');

const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

export function successBody(format: CasFormat, user: CasUser): string {
  if (format === 'JSON') {
    return JSON.stringify({ serviceResponse: { authenticationSuccess: { user: user.username, attributes: user.attributes } } });
  }
  const attributes = Object.entries(user.attributes).filter(([name]) => ATTRIBUTE_NAME.test(name))
    .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v) => `<cas:${name}>${escapeXml(v)}</cas:${name}>`))
    .join('');
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${escapeXml(user.username)}</cas:user>`
    + `<cas:attributes>${attributes}</cas:attributes></cas:authenticationSuccess></cas:serviceResponse>\n`;
}

export function failureBody(format: CasFormat, code: CasErrorCode, description: string): string {
  if (format === 'JSON') return JSON.stringify({ serviceResponse: { authenticationFailure: { code, description } } });
  return `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="${code}">${escapeXml(description)}</cas:authenticationFailure></cas:serviceResponse>\n`;
}

export function contentTypeOf(format: CasFormat): string {
  return format === 'JSON' ? 'application/json; charset=utf-8' : 'application/xml; charset=utf-8';
}

/**
 * The CAS single logout message (a SAML 2.0 LogoutRequest whose SessionIndex is the service
 * ticket), on one line with nothing optional: Apache mod_auth_cas reads only the first 1023 bytes
 * of the form body it arrives in.
 */
export function logoutRequestXml(id: string, issueInstant: string, ticket: string): string {
  return `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${issueInstant}">`
    + `<saml:NameID>@NOT_USED@</saml:NameID><samlp:SessionIndex>${escapeXml(ticket)}</samlp:SessionIndex></samlp:LogoutRequest>`;
}
