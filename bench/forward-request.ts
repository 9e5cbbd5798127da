// Passes a request on to the server under test unchanged and pipes its answer back (502 when it
// does not answer): the bench's local pages sit in front of the real server this way.
import http from 'node:http';

export function forwardRequest(request: http.IncomingMessage, response: http.ServerResponse, target: URL): void {
  const upstream = http.request(
    { host: target.hostname, port: target.port, method: request.method, path: request.url, headers: request.headers },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    response.writeHead(502);
    response.end();
  });
  request.pipe(upstream);
}
