// The documentation a deployer and an integrator read stays equal to the code: the environment
// variables in docs/server.md are exactly those config.ts reads, the calls in docs/api-contract.md
// are exactly the endpoints of contract/endpoints/, and the server registers under /api exactly
// those endpoints (each of them, and nothing outside the contract); the graph of the rooms in
// docs/architecture.md is the one the imports make now.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { readConfig } from '../../../server/config.ts';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { REPO_ROOT } from '../../helpers/start-server.ts';
import { buildTestApp, testBackends, type TestApp } from '../../helpers/test-app.ts';

const doc = (name: string) => fs.readFileSync(path.join(REPO_ROOT, 'docs', name), 'utf8');

/** Every environment variable readConfig looks at, found by watching it read a recording env. */
function variablesReadByConfig(): Set<string> {
  const read = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, name) {
      if (typeof name === 'string') read.add(name);
      return undefined;
    },
  });
  readConfig(env);
  return read;
}

/** The variables named in the first column of docs/server.md's configuration table. */
function documentedVariables(): Set<string> {
  const section = doc('server.md').split('## Configuration')[1]!.split('\n## ')[0]!;
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    const first = line.match(/^\|\s*([^|]+?)\s*\|/)?.[1];
    if (!first || !first.startsWith('SSO_')) continue;
    for (const name of first.split('/')) names.add(name.trim());
  }
  return names;
}

/** "METHOD /path" of every row of docs/api-contract.md's calls table, with {param} as :param. */
function documentedCalls(): Set<string> {
  const section = doc('api-contract.md').split('## Calls')[1]!.split('\n## ')[0]!;
  const calls = new Set<string>();
  for (const line of section.split('\n')) {
    const match = line.match(/^\|\s*(GET|POST) (\/\S+)\s*\|/);
    if (match) calls.add(`${match[1]} ${match[2]!.replace(/\{(\w+)\}/g, ':$1')}`);
  }
  return calls;
}

/**
 * "METHOD /path" of every route the server registered, read from Fastify's own route tree
 * (printRoutes: one line per node, "├── <segment> (<methods>)", a child indented 4 columns under
 * its parent and continuing the parent's path). HEAD is left out: Fastify adds it to every GET.
 */
function registeredRoutes(app: TestApp['app']): Set<string> {
  const routes = new Set<string>();
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = line.match(/^(.*?)[├└]── (\S+) \(([^)]*)\)$/);
    if (!node) continue;
    const depth = node[1]!.length / 4;
    const fullPath = (pathAtDepth[depth - 1] ?? '') + node[2]!;
    pathAtDepth[depth] = fullPath;
    pathAtDepth.length = depth + 1;
    for (const method of node[3]!.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') routes.add(`${method} ${fullPath}`);
    }
  }
  return routes;
}

/**
 * Routes under /api that are not endpoints of the contract, each with the reason. Empty: the
 * OpenID Connect routes live under /oidc and /.well-known, the static files under the catch-all,
 * and the API's own 404 is a not-found handler, not a route.
 */
const API_ROUTES_OUTSIDE_CONTRACT = new Set<string>([]);

/** Every `SSO_NAME=value` a deployer may copy from the docs, with the file it stands in. */
function documentedSettings(): { file: string; name: string; value: string }[] {
  const files = ['deployment.md', 'oidc.md', 'security.md', 'server.md'];
  return files.flatMap((file) => [...doc(file).matchAll(/\b(SSO_[A-Z0-9_]+)=([^\s`'"|;)]+)/g)]
    .map((match) => ({ file, name: match[1]!, value: match[2]! })));
}

/** The generated rooms graph between its markers in docs/architecture.md (null without them). */
function documentedRoomsGraph(): string | null {
  return doc('architecture.md').match(/<!-- rooms-graph:start[^>]*-->[\s\S]*?<!-- rooms-graph:end -->/)?.[0] ?? null;
}

/**
 * The graph as scripts/architecture/rooms-graph.mjs makes it from the imports now. Its own process:
 * the script points "typescript" at TypeScript 5 for dependency-cruiser, which must not leak here.
 */
async function currentRoomsGraph(): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/architecture/rooms-graph.mjs'], { cwd: REPO_ROOT });
  return stdout.trimEnd();
}

describe('documentation equals the code', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp(testBackends()[0]!);
  });
  after(() => t.close());

  it('docs/server.md documents exactly the environment variables config.ts reads', () => {
    const read = [...variablesReadByConfig()].filter((name) => name.startsWith('SSO_')).sort();
    assert.deepEqual([...documentedVariables()].sort(), read);
  });

  it('every SSO_ setting the deployment, OpenID Connect, security and server docs show is accepted at start', () => {
    const read = variablesReadByConfig();
    // Placeholders (`...`, a shell `$port`) stand for a value the deployer fills in.
    const settings = documentedSettings().filter((s) => read.has(s.name) && !s.value.includes('...') && !s.value.includes('$'));
    assert.ok(settings.some((s) => s.file === 'oidc.md' && s.name === 'SSO_TRUST_PROXY'), 'oidc.md shows SSO_TRUST_PROXY');
    for (const { file, name, value } of settings) {
      assert.doesNotThrow(() => readConfig({ [name]: value }), `docs/${file}: ${name}=${value}`);
    }
  });

  it('docs/api-contract.md lists exactly the endpoints of the contract', () => {
    const contract = Object.values(endpoints).map((e) => `${e.method} ${e.path}`).sort();
    assert.deepEqual([...documentedCalls()].sort(), contract);
  });

  it('the server registers every endpoint of the contract under /api', () => {
    for (const endpoint of Object.values(endpoints)) {
      assert.ok(t.app.hasRoute({ method: endpoint.method, url: `/api${endpoint.path}` }), `${endpoint.method} ${endpoint.path}`);
    }
  });

  it('the route list is read whole: it holds every contract endpoint and the routes outside /api', () => {
    // Guards the parser below it: a format change of printRoutes must fail here, not pass as "no routes".
    const registered = registeredRoutes(t.app);
    for (const endpoint of Object.values(endpoints)) assert.ok(registered.has(`${endpoint.method} /api${endpoint.path}`), endpoint.path);
    assert.ok(registered.has('GET /oidc/interaction/:uid'), [...registered].join('\n'));
    assert.ok(registered.has('POST /oidc/interaction/:uid/consent'), [...registered].join('\n'));
  });

  it('every route the server registers under /api is an endpoint of the contract', () => {
    const contract = new Set(Object.values(endpoints).map((e) => `${e.method} /api${e.path}`));
    const outside = [...registeredRoutes(t.app)]
      .filter((route) => /^\/api(\/|$)/.test(route.split(' ')[1]!) && !contract.has(route) && !API_ROUTES_OUTSIDE_CONTRACT.has(route));
    assert.deepEqual(outside, [], 'registered under /api but not in contract/endpoints/');
  });

  it('docs/architecture.md shows the rooms graph the imports make now (npm run docs:graph rewrites it)', async () => {
    const documented = documentedRoomsGraph();
    assert.ok(documented, 'docs/architecture.md has no rooms-graph markers');
    const current = await currentRoomsGraph();
    // Guards the comparison: an empty or broken script output must fail here, not match an empty block.
    assert.match(current, /room_widget_sso_login\["widget\/sso-login\/"\][\s\S]*room_server_auth -->/);
    assert.equal(documented, current, 'the rooms graph in docs/architecture.md is stale: run npm run docs:graph');
  });
});
