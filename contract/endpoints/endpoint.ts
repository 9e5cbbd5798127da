// What an endpoint definition is, and the type of the `data` its success envelope carries. The
// answer type rides on the definition as a type only (no runtime field), so the widget's request
// client (contract/api.ts) and the server's answers (server/http/envelope.ts) are both checked
// against the one definition: change it and whichever side disagrees fails `npm run typecheck`.
import type { TSchema } from '@sinclair/typebox';

export interface EndpointShape {
  method: 'GET' | 'POST';
  /** Relative to the API base (/api); ":name" segments are path parameters. */
  path: string;
  query?: TSchema;
  body?: TSchema;
  params?: TSchema;
  /** The call changes state: the XSRF double submit applies to it even as a GET. */
  xsrf?: boolean;
}

// Never defined: only its type exists, so nothing can read or write the mark at runtime.
declare const answerMark: unique symbol;

/** Type-only mark of an endpoint that answers the JSON envelope: T is the envelope's `data`. */
export interface Answers<T> {
  readonly [answerMark]: T;
}

/** The `data` an endpoint's success envelope carries. */
export type AnswerOf<E extends Answers<unknown>> = E[typeof answerMark];

/**
 * `endpoint<Answer>()({ method, path, ... })`: the definition itself, unchanged at runtime, typed
 * with literal method and path (for the "METHOD path" keys of contract/api.ts) and its answer.
 */
export const endpoint = <T>() => <const D extends EndpointShape>(definition: D): D & Answers<T> => definition as D & Answers<T>;
