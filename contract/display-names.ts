// Names the server gives things a person sees outside our pages: in an authenticator app, in the
// browser's passkey prompt, in the console's group list. Not page text (that is pages.ts), and
// not refusals (errors.ts): each name is stored or sent once and then shown by someone else.

/** Names a person sees outside the pages: in an authenticator app, a passkey prompt, the console. */
export const DisplayNames = {
  /** The TOTP issuer and the passkeys' relying party name (server/mfa/totp.ts). */
  issuer: '统一身份认证',
  /** The client group a fresh instance starts with (server/console/default-group.ts). */
  defaultGroup: '统一身份认证',
  /** A passkey added without a name (server/passkey/passkey-routes.ts). */
  passkey: '通行密钥',
} as const;
