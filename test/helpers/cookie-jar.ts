// The one cookie jar of the tests: cookies by name (one site, one flow at a time), as a browser
// keeps them. Used by every client that talks to a server: the in-process Client (test-app.ts),
// the CAS and console raw calls, the OpenID Connect Browser and the scale-out HttpClient.
// A Map of name to value, so a test can read, plant or drop one cookie by hand.

export class CookieJar extends Map<string, string> {
  /** The Cookie request header for what the jar holds, or undefined when it holds nothing. */
  header(): string | undefined {
    return this.size ? [...this].map(([name, value]) => `${name}=${value}`).join('; ') : undefined;
  }

  /** Takes an answer's Set-Cookie lines: a cookie set empty, with Max-Age=0 or expired is dropped. */
  remember(setCookie: string | string[] | undefined): void {
    const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    for (const line of lines) {
      const [pair, ...attributes] = line.split(';');
      const eq = pair!.indexOf('=');
      if (eq < 0) continue;
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || attributes.some(isExpiry)) this.delete(name);
      else this.set(name, value);
    }
  }
}

function isExpiry(attribute: string): boolean {
  const [key, ...rest] = attribute.trim().split('=');
  const value = rest.join('=').trim();
  if (/^max-age$/i.test(key!.trim())) return Number(value) <= 0;
  if (/^expires$/i.test(key!.trim())) return Date.parse(value) < Date.now();
  return false;
}
