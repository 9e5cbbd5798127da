// The nonce that binds an embedded sign-in's login ticket to this page (server/embedding/ticket-binding.ts):
// made once per page load, kept only in this page's memory, sent with cross-origin API calls
// (X-Login-Binding) and added as `proof` to the redeem URL the browser then visits. A ticket copied
// anywhere else cannot be redeemed without it.
let nonce: string | null = null;

export function loginBinding(): string {
  if (nonce === null) {
    const bytes = crypto.getRandomValues(new Uint8Array(24));
    nonce = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }
  return nonce;
}

/** The redeem URL of a login answer that carries a ticket, with this page's proof; other targets as they are. */
export function withTicketProof(redirect: string, answer: { ticket?: unknown } | null | undefined): string {
  if (typeof answer?.ticket !== 'string') return redirect;
  return `${redirect}${redirect.includes('?') ? '&' : '?'}proof=${loginBinding()}`;
}
