// The request client's calls typed from the contract (contract/api.ts): a path the contract does
// not know, a parameter it does not name or an answer read as the wrong shape fails
// `npm run typecheck`. Types only: nothing here reaches the bundle.
import type { Api, ApiCall } from '../../contract/api.ts';

type Method = 'GET' | 'POST';

/** The contract's paths for one method, with ":param" segments as any text ("/admin/mobile/138…"). */
type CalledPath<P extends string> = P extends `${infer Head}/:${string}` ? `${Head}/${string}` : P;

export type ApiPath<M extends Method> = {
  [K in ApiCall]: K extends `${M} ${infer P}` ? CalledPath<P> : never;
}[ApiCall];

/** The contract entry a called path belongs to. */
export type ApiEntry<M extends Method, Path extends string> = {
  [K in ApiCall]: K extends `${M} ${infer P}` ? (Path extends CalledPath<P> ? Api[K] : never) : never;
}[ApiCall];

type QueryOf<E> = E extends { query: infer Q } ? Q : never;
type BodyOf<E> = E extends { body: infer B } ? B : never;

/** The envelope's data on success. */
export type AnswerOf<E> = E extends { answer: infer A } ? A : never;

/** Query parameters as the contract names them (values as sent on the wire). */
export type ParamsOf<E> = { [K in keyof QueryOf<E>]?: QueryOf<E>[K] | null | undefined };

/** A form or JSON body with the contract's fields (form values may be the numbers they stand for). */
export type BodyFields<E> = { [K in keyof BodyOf<E>]?: BodyOf<E>[K] | undefined };
