// The scopes an OpenID Connect client may be allowed (each client has its own list; a new one gets
// all of them): the portal's claims come in these four. The console's client form and the server's
// client definition read the same list.
export const CLIENT_SCOPES = ['openid', 'profile', 'phone', 'groups'] as const;

export type ClientScope = (typeof CLIENT_SCOPES)[number];
