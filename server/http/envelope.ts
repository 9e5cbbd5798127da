// The success envelope of every API answer (spec section 7): {code: 200, msg, data}.
export const ok = <T>(data: T) => ({ code: 200, msg: 'success', data });
