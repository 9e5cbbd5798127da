// Where the seed files (demo-data.json, app-logos/) are. Run from source this module sits in
// server/seed; in the compiled server every module shares the bundle's import.meta.url
// (dist/server/main.js), and scripts/build-server.ts copies the seed folder to dist/server/seed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

export const SEED_DIR = path.basename(here) === 'seed' ? here : path.join(here, 'seed');
