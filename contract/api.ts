// The API as the widget's request client sees it: for each endpoint that answers the JSON envelope,
// its request and its answer (the envelope's `data`), derived from the definitions in
// contract/endpoints/. The keys are "METHOD path" built from each definition's own method and path,
// so moving an endpoint moves what the widget may call, and a call to a path no endpoint has fails
// `npm run typecheck`. Types only: `import type` keeps TypeBox out of the widget bundle.
import type { Static, TSchema } from '@sinclair/typebox';
import type { endpoints } from './endpoints/index.ts';
import type { Answers, EndpointShape } from './endpoints/endpoint.ts';

type Endpoints = typeof endpoints;

type NoInput = Record<string, never>;

/** A schema's type; an empty object schema (NoQuery) takes no field at all. */
type InputOf<S extends TSchema> = keyof Static<S> extends never ? NoInput : Static<S>;

/** A POST sends its body, a GET its query (path parameters travel in the called path). */
type RequestOf<E> = E extends { body: infer B extends TSchema }
  ? { body: InputOf<B> }
  : E extends { query: infer Q extends TSchema } ? { query: InputOf<Q> } : { query: NoInput };

type CallOf<E extends EndpointShape> = `${E['method']} ${E['path']}`;

/** Keyed by "METHOD path" exactly as the widget calls it (path relative to the API base). */
export type Api = {
  [N in keyof Endpoints as Endpoints[N] extends Answers<unknown> ? CallOf<Endpoints[N]> : never]:
    RequestOf<Endpoints[N]> & { answer: Endpoints[N] extends Answers<infer A> ? A : never };
};

export type ApiCall = keyof Api;
export type ApiQuery<K extends ApiCall> = Api[K] extends { query: infer Q } ? Q : never;
export type ApiBody<K extends ApiCall> = Api[K] extends { body: infer B } ? B : never;
export type ApiAnswer<K extends ApiCall> = Api[K]['answer'];
