// Everything main.ts does except listening: the API (buildApp: storage, migrations, demo seed,
// routes) plus the built portal and widget. The test helpers use it too, so tests
// run exactly what production runs.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { buildApp, type AppDeps, type BuiltApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { staticAssetOptions } from './http/static-caching.ts';
import { PAGE_POLICY } from './http/security-headers.ts';
import { LOGIN_PAGE, PAGE_POLICY_FILE, portalPageFor, portalPagePolicy, SHELL_PAGE } from './http/portal-page.ts';
import { SEED_DIR } from './seed/index.ts';
import { HttpMessages } from '../contract/errors.ts';
import { NotBuiltPageTexts } from '../contract/pages.ts';

const APP_LOGOS_DIR = path.join(SEED_DIR, 'app-logos');

const NOT_BUILT_PAGE = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${NotBuiltPageTexts.title}</title>
<body><h1>${NotBuiltPageTexts.title}</h1><p>${NotBuiltPageTexts.bodyHtml}</p></body></html>`;

export async function createServer(config: ServerConfig, deps: AppDeps = {}): Promise<BuiltApp> {
  // compose.ts (inside buildApp) runs the migrations and the seed under the startup lock.
  const built = await buildApp(config, { seed: true, ...deps });
  const { app } = built;

  const portalDir = path.join(config.distDir, 'portal');
  const widgetDir = path.join(config.distDir, 'widget');
  const portalIndex = path.join(portalDir, 'index.html');
  const portalBuilt = fs.existsSync(portalIndex);
  // The page without the login form (portal-page.ts); a build from before it had only index.html.
  const shellBuilt = fs.existsSync(path.join(portalDir, SHELL_PAGE));
  // The pages' CSP allows their one inline <style> by its hash (portal-page.ts).
  const pagePolicy = portalBuilt ? portalPagePolicy(portalDir) : PAGE_POLICY;
  if (portalBuilt) {
    // wildcard: false routes exactly the built files, so /api/* misses still reach the API's 404.
    // The portal's pages themselves (`/`, /index.html, /shell.html) and the hash list are only
    // answered by the fallback below, which picks the page for the address (`/?is_signout=1` gets
    // the one without the login form) and gives it its policy. Other folders keep their index page
    // (the demo at /demo/). The fallback's sendFile('index.html') names the file without a leading
    // slash, which this check leaves alone.
    const pageFiles = new Set(['/', `/${LOGIN_PAGE}`, `/${SHELL_PAGE}`, `/${PAGE_POLICY_FILE}`]);
    await app.register(fastifyStatic, {
      root: portalDir, prefix: '/', wildcard: false, index: ['index.html'], allowedPath: (pathName) => !pageFiles.has(pathName), ...staticAssetOptions,
    });
  }
  if (fs.existsSync(widgetDir)) {
    await app.register(fastifyStatic, { root: widgetDir, prefix: '/widget/', decorateReply: !portalBuilt, ...staticAssetOptions });
  }
  if (fs.existsSync(APP_LOGOS_DIR)) {
    await app.register(fastifyStatic, { root: APP_LOGOS_DIR, prefix: '/assets/apps/', decorateReply: false });
  }

  // SPA fallback: any other page GET that accepts HTML gets the portal (its router decides), with
  // the login form in its first HTML where the address shows one (portal-page.ts). Sent as the
  // static files are: the precompressed copy, ETag and Last-Modified, max-age=0.
  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    if ((request.method === 'GET' || request.method === 'HEAD') && (wantsHtml || request.url.split('?')[0] === '/') && !request.url.startsWith('/api/')) {
      if (!portalBuilt) return reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
      return reply.header('content-security-policy', pagePolicy).sendFile(shellBuilt ? portalPageFor(request.url) : LOGIN_PAGE);
    }
    // The contract's text (contract/errors.ts), as under /api (app.ts): once 资源不存在 here.
    return reply.status(404).send({ code: 404, msg: HttpMessages.notFound, data: null });
  });
  return built;
}
