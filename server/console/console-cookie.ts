// The console session's cookie: HttpOnly, SameSite=Strict (the console is never entered from
// another site), Secure and __Host- named under an https public URL like the portal's own cookies.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieNames, secureCookie } from '../http/cookie-names.ts';

export function consoleCookieName(request: FastifyRequest): string {
  return cookieNames(request).alwaysSecure ? '__Host-sso_console' : 'sso_console';
}

export function consoleSidOf(request: FastifyRequest): string | undefined {
  return request.cookies[consoleCookieName(request)];
}

export function setConsoleCookie(request: FastifyRequest, reply: FastifyReply, sid: string): void {
  reply.setCookie(consoleCookieName(request), sid, { path: '/', httpOnly: true, sameSite: 'strict', secure: secureCookie(request) });
}

export function clearConsoleCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(consoleCookieName(request), { path: '/', httpOnly: true, sameSite: 'strict', secure: secureCookie(request) });
}
