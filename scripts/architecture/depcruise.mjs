// Runs the dependency-cruiser command line with TypeScript 5's compiler API (with-typescript-5.mjs).
// Usage as depcruise's: node scripts/architecture/depcruise.mjs <args>
import './with-typescript-5.mjs';
import { fileURLToPath } from 'node:url';

const cli = fileURLToPath(new URL('../../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url));
process.argv = [process.argv[0], cli, ...process.argv.slice(2)];
await import(cli);
