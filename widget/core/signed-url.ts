// The one URL fragment whose calls carry signature headers (spec section 7). On its own, so that the
// request client can test a path for it without loading crypto-js (core/signature.ts is loaded
// only when such a call is made).
export const SIGNED_URL = '/tenant/list';
