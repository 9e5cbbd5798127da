// crypto-js (Enc-Flag bodies and the /tenant/list signature) is needed by few calls and by none
// before the login form is on screen, so the request client fetches it with import() when a call
// first needs it. A failed fetch is not remembered: the next call tries again.
type EncFlag = typeof import('./enc-flag.ts');
type Signature = typeof import('./signature.ts');

let encFlag: Promise<EncFlag> | null = null;
let signature: Promise<Signature> | null = null;

export function loadEncFlag(): Promise<EncFlag> {
  encFlag ??= import('./enc-flag.ts');
  encFlag.catch(() => {
    encFlag = null;
  });
  return encFlag;
}

export function loadSignature(): Promise<Signature> {
  signature ??= import('./signature.ts');
  signature.catch(() => {
    signature = null;
  });
  return signature;
}
