// Root-relative addresses the API hands out (group pictures: "/assets/bg/...") belong to the SSO
// server. On the portal that is the page's own origin; for an element embedded on a brand site
// (api-base="https://sso.example.com/api") they must be resolved against the API's origin instead.
export function resolveAgainstApi(url: string, apiBase: string): string {
  if (!url.startsWith('/') || url.startsWith('//')) return url;
  try {
    return new URL(url, new URL(apiBase, window.location.href)).toString();
  } catch {
    return url;
  }
}
