// Widget tests: @web/test-runner 0.20 in Debian's headless Chromium.
// React ships CommonJS only, so every test file is bundled whole by esbuild (one ESM file per test)
// instead of being transformed module by module. /api and /assets go to a real API server started
// for the run (test/helpers/start-server.ts) when that helper exists.
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromeLauncher } from '@web/test-runner-chrome';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/helpers/chromium.mjs';
import { testApi } from './test/widget/support/test-api-plugin.mjs';
import { consoleMessages } from './test/widget/support/console-plugin.mjs';

const rootDir = fileURLToPath(new URL('.', import.meta.url));
const userDataDir = mkdtempSync(join(tmpdir(), 'wtr-chromium-'));
process.on('exit', () => rmSync(userDataDir, { recursive: true, force: true }));

const api = testApi({ rootDir, haveRealServer: existsSync(join(rootDir, 'test/helpers/start-server.ts')) });

/** Node built-ins that browser-ready packages only require behind a check (fake-timers: util). */
const emptyNodeBuiltins = {
  name: 'empty-node-builtins',
  setup(build) {
    build.onResolve({ filter: /^(node:)?(util)$/ }, (args) => ({ path: args.path, namespace: 'empty-builtin' }));
    build.onLoad({ filter: /.*/, namespace: 'empty-builtin' }, () => ({ contents: 'module.exports = {};' }));
  },
};

/** Bundles each requested test file (and everything it imports) into one ES module. */
function bundleTestFiles() {
  return {
    name: 'bundle-test-files',
    async serve(context) {
      if (!/^\/test\/widget\/.*\.test\.tsx?$/.test(context.path)) return undefined;
      const { build } = await import('esbuild');
      const result = await build({
        entryPoints: [resolve(rootDir, '.' + context.path)],
        bundle: true,
        write: false,
        format: 'esm',
        jsx: 'automatic',
        target: 'es2022',
        sourcemap: 'inline',
        define: { 'process.env.NODE_ENV': '"development"' },
        external: ['/__web-dev-server__web-socket.js'],
        plugins: [emptyNodeBuiltins],
        logLevel: 'silent',
      });
      return { body: result.outputFiles[0].text, type: 'js' };
    },
  };
}

export default {
  rootDir,
  files: ['test/widget/**/*.test.{ts,tsx}'],
  nodeResolve: false,
  concurrency: 1,
  concurrentBrowsers: 1,
  browserStartTimeout: 60000,
  testsFinishTimeout: 180000,
  testFramework: { config: { timeout: 15000 } },
  middleware: [api.middleware],
  plugins: [bundleTestFiles(), api.plugin, consoleMessages()],
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        userDataDir,
        args: [...CHROMIUM_ARGS],
      },
    }),
  ],
};
