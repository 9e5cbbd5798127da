// Whose brand the portal's login page wears. By default the host's (the element asks the server
// for the group of the page's host). A page the OpenID Connect provider sends a browser to for an
// app of exactly one client group names a host of that group in `ssoDomain`
// (server/oidc/interaction-routes.ts), and the element is given it as its sso-domain attribute.
// Only a host name is taken: anything else leaves the page on its own host's brand.
const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export function loginElementAttributes(search: string): Record<string, string | undefined> {
  const ssoDomain = new URLSearchParams(search).get('ssoDomain')?.trim().toLowerCase();
  return { 'sso-domain': ssoDomain && HOST_NAME.test(ssoDomain) ? ssoDomain : undefined };
}
