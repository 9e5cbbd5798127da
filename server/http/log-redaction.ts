// What the request log may show. URLs carry one-time codes (WeCom / Feishu / SMS) and phone numbers
// in their query or path, the embedded sign-in a one-time login ticket; the log keeps the route and
// masks those values, and OpenID Connect's secret-bearing parameters (an id_token_hint is a whole
// ID token). Cookies and the XSRF header are never serialized.
import type { FastifyRequest } from 'fastify';
import { maskPhone } from '../auth/sms-codes.ts';
import { MOBILE_DIGITS_SOURCE } from '../../contract/rules/phone.ts';

// The portal's own secrets, then OpenID Connect's and OAuth's: an ID token (id_token_hint, and
// logout_hint, which may carry one or a user's name), codes, tokens, client secrets and
// assertions, the PKCE verifier, and request objects (a signed request may carry any of these).
// Clients send most of them in bodies, which are never logged; a URL may still carry them.
const PORTAL_SECRETS = ['code', 'smsCode', 'pwd', 'password', 'oldPassword', 'newPassword', 'confirmPassword', 'ticket', 'proof'];
const OIDC_SECRETS = ['id_token_hint', 'logout_hint', 'id_token', 'access_token', 'refresh_token', 'token', 'client_secret',
  'client_assertion', 'assertion', 'code_verifier', 'request', 'xsrf', 'subject_token', 'actor_token', 'device_code', 'user_code'];
const SECRET_PARAMS = new RegExp(`([?&](?:${[...PORTAL_SECRETS, ...OIDC_SECRETS].join('|')})=)[^&#]*`, 'gi');
const PHONE = new RegExp(`(?<!\\d)${MOBILE_DIGITS_SOURCE}(?!\\d)`, 'g');

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1***').replace(PHONE, (phone) => maskPhone(phone));
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
});
