// A scripted API for the <app-center> tests whose answers the real server cannot be asked for on
// demand (a broken icon, an address without http, a group without apps, a slow answer). Requests
// still travel through the real request client and over HTTP: fetch calls under SCRIPTED_BASE are
// sent to the runner's /__test/reply/<status>/<body> endpoint with the scripted answer, and every
// request is recorded (method, path, query, headers) for the assertions.
import { replyBase } from '../support/helpers.ts';

export const SCRIPTED_BASE = '/scripted-api';

export interface ScriptedAnswer {
  status?: number;
  body: unknown;
  /** The answer waits for this promise (to observe the loading state). */
  gate?: Promise<void>;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
}

export interface ScriptedApi {
  calls: RecordedCall[];
  paths(): string[];
  restore(): void;
}

export const ok = (data: unknown): ScriptedAnswer => ({ body: { code: 200, msg: 'success', data } });
export const refused = (code: string, msg: string): ScriptedAnswer => ({ body: { code, errorCode: code, msg, data: null } });

export function scriptApi(routes: Record<string, ScriptedAnswer>): ScriptedApi {
  const realFetch = window.fetch;
  const calls: RecordedCall[] = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (!url.pathname.startsWith(`${SCRIPTED_BASE}/`)) return realFetch(input, init);
    const path = url.pathname.slice(SCRIPTED_BASE.length);
    calls.push({ method: init?.method ?? 'GET', path, query: url.searchParams, headers: new Headers(init?.headers) });
    const answer = routes[path];
    if (!answer) return realFetch(`${replyBase(404, { code: 404, msg: `no script for ${path}` })}${path}`, init);
    if (answer.gate) await answer.gate;
    return realFetch(`${replyBase(answer.status ?? 200, answer.body)}${path}`, init);
  };
  return {
    calls,
    paths: () => calls.map((call) => call.path),
    restore() {
      window.fetch = realFetch;
    },
  };
}
