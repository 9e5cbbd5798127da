// Whose brand the portal's login page wears. By default the brand of the host's group (the element
// asks the server for it). A page the OpenID Connect provider sends a browser to for an app of
// exactly one client group names that group in `brand` (server/oidc/interaction-routes.ts), and
// the element is given it as its brand attribute: the look follows the app, while the group the
// page works with (QR codes, registration) stays the host's. Only a group code is taken.
const GROUP_CODE = /^[a-z0-9-]{1,64}$/;

export function loginElementAttributes(search: string): Record<string, string | undefined> {
  const brand = new URLSearchParams(search).get('brand')?.trim().toLowerCase();
  return { brand: brand && GROUP_CODE.test(brand) ? brand : undefined };
}
