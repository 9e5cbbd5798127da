// @simplewebauthn/server, with the ASN.1 and X.509 code it brings (about 700 KB of source), loads
// on a process's first passkey request rather than at start: most requests never need it, and
// loaded code stays in the heap for the process's life (issue 25's memory budget).
type WebAuthnLibrary = typeof import('@simplewebauthn/server');

let loading: Promise<WebAuthnLibrary> | undefined;

export function webAuthnLibrary(): Promise<WebAuthnLibrary> {
  loading ??= import('@simplewebauthn/server');
  return loading;
}
