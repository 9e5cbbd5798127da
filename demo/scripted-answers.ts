// Lets the demo show the error states a healthy server rarely gives on demand (a locked account,
// an expired session, no network) with the real elements: the next request to one API path is
// answered by the demo page instead of the server, once. Everything else goes to the real server.

type Answer = () => Promise<Response>;

interface PendingAnswer {
  path: string;
  answer: Answer;
}

const pending: PendingAnswer[] = [];
const realFetch = window.fetch.bind(window);

function pathOf(input: RequestInfo | URL): string {
  const url = input instanceof Request ? input.url : String(input);
  return new URL(url, window.location.href).pathname;
}

window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const path = pathOf(input);
  const index = pending.findIndex((entry) => path.endsWith(entry.path));
  if (index === -1) return realFetch(input, init);
  const [entry] = pending.splice(index, 1);
  return entry!.answer();
};

/** The next request whose path ends with `path` gets HTTP `status` with the envelope {code, msg, data: null}. */
export function answerNextWithStatus(path: string, status: number, msg: string): void {
  const body = JSON.stringify({ code: status, msg, data: null });
  pending.push({ path, answer: async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }) });
}

/** The next request whose path ends with `path` fails as fetch fails without a network. */
export function answerNextAsOffline(path: string): void {
  pending.push({ path, answer: () => Promise.reject(new TypeError('Failed to fetch')) });
}

/** Drops answers nobody used (a state button pressed while the form was not there). */
export function clearScriptedAnswers(): void {
  pending.length = 0;
}
