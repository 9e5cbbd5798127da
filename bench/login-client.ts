// Signs in to a running server the way the widget does (public key, sm-crypto C1C3C2 with "04",
// form-urlencoded doLogin with the XSRF pair) and returns what the load runs replay.
import { sm2Password } from '../test/helpers/sm2-password.ts';
import { DEMO_ACCOUNTS } from '../server/seed/import.ts';

export interface SignedIn {
  /** Cookie header with the XSRF token and the live session (the token bound to it, when doLogin set one). */
  sessionCookie: string;
  /** Headers and body of a password doLogin that succeeds when replayed. */
  loginRequest: { headers: Record<string, string>; body: string };
  /** The exact body a successful doLogin answers. */
  loginAnswer: string;
}

function cookieValue(setCookies: string[], name: string): string {
  const found = setCookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith(name + '='));
  if (!found) throw new Error(`the server set no ${name} cookie`);
  return found.slice(name.length + 1);
}

export async function signIn(baseUrl: string): Promise<SignedIn> {
  const account = DEMO_ACCOUNTS[0];
  const keyAnswer = await fetch(`${baseUrl}/api/centerAuth/commonConfig/getPublicKeySm2`);
  const publicKey = ((await keyAnswer.json()) as { data: string }).data;
  const xsrf = cookieValue(keyAnswer.headers.getSetCookie(), 'XSRF-TOKEN');
  const pwd = sm2Password(account.password, publicKey);
  const headers = {
    'content-type': 'application/x-www-form-urlencoded',
    cookie: `XSRF-TOKEN=${xsrf}`,
    'x-xsrf-token': xsrf,
  };
  const body = new URLSearchParams({ name: account.username, pwd, loginType: '0' }).toString();
  const login = await fetch(`${baseUrl}/api/centerAuth/sso/doLogin`, { method: 'POST', headers, body });
  const loginAnswer = await login.text();
  if (login.status !== 200 || (JSON.parse(loginAnswer) as { code: unknown }).code !== 200) {
    throw new Error(`bench login failed: HTTP ${login.status} ${loginAnswer}`);
  }
  const sid = cookieValue(login.headers.getSetCookie(), 'sso_sid');
  // A signed-in browser's XSRF token is bound to its session: doLogin sets the new one.
  const boundXsrf = login.headers.getSetCookie().some((c) => c.startsWith('XSRF-TOKEN=')) ? cookieValue(login.headers.getSetCookie(), 'XSRF-TOKEN') : xsrf;
  return { sessionCookie: `XSRF-TOKEN=${boundXsrf}; sso_sid=${sid}`, loginRequest: { headers, body }, loginAnswer };
}
