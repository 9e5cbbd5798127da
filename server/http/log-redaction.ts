// What the request log may show. URLs carry one-time codes (WeCom / Feishu / SMS) and phone numbers
// in their query or path, the embedded sign-in a one-time login ticket; the log keeps the route and
// masks those values. Cookies and the XSRF header are never serialized.
import type { FastifyRequest } from 'fastify';
import { maskPhone } from '../auth/sms-codes.ts';
import { MOBILE_DIGITS_SOURCE } from '../../contract/rules/phone.ts';

const SECRET_PARAMS = /([?&](?:code|smsCode|pwd|password|oldPassword|newPassword|confirmPassword|ticket|proof)=)[^&]*/gi;
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
