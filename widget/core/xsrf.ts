// XSRF double submit: the XSRF-TOKEN cookie goes back as the X-XSRF-TOKEN header. A widget on
// another origin cannot read the API's cookie, so the last X-XSRF-TOKEN response header seen is
// kept as a fallback.
let lastHeaderToken: string | null = null;

const STATE_CHANGING_GETS = [
  '/centerAuth/sso/signout',
  '/centerAuth/msg/login/send',
  '/admin/mobile/',
  '/centerAuth/sso/WeCom/loginByCode',
  '/centerAuth/sso/feishu/loginByCode',
];

export function readXsrfCookie(): string | null {
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'XSRF-TOKEN') return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function currentXsrfToken(): string | null {
  return readXsrfCookie() ?? lastHeaderToken;
}

export function rememberXsrfHeader(response: Response): void {
  const token = response.headers.get('X-XSRF-TOKEN');
  if (token) lastHeaderToken = token;
}

export function needsXsrf(method: string, path: string): boolean {
  if (method !== 'GET') return true;
  return STATE_CHANGING_GETS.some((prefix) => path.startsWith(prefix));
}

/** Tests only: forget the header token. */
export function resetXsrfMemory(): void {
  lastHeaderToken = null;
}
