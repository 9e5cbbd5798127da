// The record that links a portal session to the provider session signed in over it (keyed by the
// portal session's idHash; portal-session.ts writes it, single logout and refresh activity read it).
// Its own file so that single-logout.ts and portal-session.ts, which use each other's parts, do not
// import each other.
export const PORTAL_LINK_MODEL = 'PortalLink';
