// Raw requests with a test client's cookies (the CAS endpoints answer HTML, XML and text, not the
// API's JSON envelope), and registering CAS services through the admin command's own code.
import type { FastifyInstance } from 'fastify';
import { runProtocolCommand } from '../../../server/cas/protocol-cli.ts';
import type { AppContext } from '../../../server/context.ts';
import type { Client } from '../../helpers/test-app.ts';

export interface RawAnswer {
  status: number;
  body: string;
  location: string | undefined;
  contentType: string | undefined;
}

export async function raw(app: FastifyInstance, method: 'GET' | 'POST', url: string, client?: Client, form?: Record<string, string>): Promise<RawAnswer> {
  const headers: Record<string, string> = { host: client?.host ?? 'localhost' };
  const cookie = client?.cookies.header();
  if (cookie) headers.cookie = cookie;
  if (form) headers['content-type'] = 'application/x-www-form-urlencoded';
  const res = await app.inject({ method, url, headers, payload: form ? new URLSearchParams(form).toString() : undefined });
  client?.cookies.remember(res.headers['set-cookie']);
  return { status: res.statusCode, body: res.body, location: res.headers.location as string | undefined, contentType: res.headers['content-type'] as string | undefined };
}

export async function addCasService(ctx: AppContext, id: string, services: string[], groups: string[] = [], name?: string): Promise<string> {
  return (await runProtocolCommand(ctx, 'add-client', [id], { protocol: 'cas', service: services, group: groups, ...(name ? { name } : {}) }))!;
}

/** The ticket in a redirect to the service. */
export function ticketOf(location: string | undefined): string {
  const ticket = location ? new URL(location).searchParams.get('ticket') : null;
  if (!ticket) throw new Error(`no ticket in ${location}`);
  return ticket;
}

export const validateUrl = (path: string, ticket: string, service: string, extra = ''): string =>
  `/cas/${path}?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(service)}${extra}`;
