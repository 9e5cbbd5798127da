// The success envelope of every API answer (spec section 7): {code: 200, msg, data}. `data` is
// checked against the answer type the endpoint's contract definition names (contract/endpoints/),
// so a route answering another shape than the widget expects fails `npm run typecheck`.
import type { AnswerOf, Answers } from '../../contract/endpoints/endpoint.ts';

export interface Success<T> {
  code: 200;
  msg: 'success';
  data: T;
}

/** The success answer of `endpoint` (the endpoint is there for its type; the runtime ignores it). */
export const ok = <E extends Answers<unknown>>(_endpoint: E, data: AnswerOf<E>): Success<AnswerOf<E>> => ({ code: 200, msg: 'success', data });
