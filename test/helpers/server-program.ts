// How a test starts one of the server's two programs: the compiled JavaScript that `npm start` and
// `npm run admin` run (dist/server, which test:server builds first) when it is as new as its
// sources; else the TypeScript source through the loader, as after an edit without a build (about
// a second slower a start, the same behaviour).
import { BUILD_PARTS, staleParts } from '../../scripts/build-if-stale.ts';

let compiledIsFresh: boolean | undefined;

/** node's arguments for `main` (the server) or `cli` (the admin commands), before their own. */
export function serverProgram(name: 'main' | 'cli'): string[] {
  compiledIsFresh ??= staleParts(BUILD_PARTS.filter((part) => part.script === 'build:server')).length === 0;
  return compiledIsFresh ? [`dist/server/${name}.js`] : ['--import', 'tsx', `server/${name}.ts`];
}
