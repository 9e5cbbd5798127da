// The request sequence option of autocannon, which bench/autocannon.d.ts does not declare.
import 'autocannon';

declare module 'autocannon' {
  interface SequencedRequest {
    method?: 'GET' | 'POST';
    path: string;
    headers?: Record<string, string>;
    body?: string;
    onResponse?: (status: number, body: string) => void;
    setupRequest?: (request: Record<string, unknown>, context: any) => Record<string, unknown>;
  }
  interface Options {
    requests?: SequencedRequest[];
  }
}
