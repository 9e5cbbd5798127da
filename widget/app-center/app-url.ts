// The spec: "https:// is added when the URL lacks http". A URL that already starts with http://
// or https:// is kept; anything else (a bare host, a protocol-relative //host, or a
// javascript:/data: string) gets https:// in front, so the result is always an http(s) address and
// a stored value can never run script in the portal's window.

const HTTP_SCHEME = /^https?:\/\//i;

export function withHttpScheme(url: string): string {
  const trimmed = url.trim();
  if (HTTP_SCHEME.test(trimmed)) return trimmed;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}
