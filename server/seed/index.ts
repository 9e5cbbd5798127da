// Demo data and the import format: what other rooms use of it.
export { refuseDemoAccountsInProduction } from './demo-accounts-in-production.ts';
export { DEMO_ACCOUNTS, importData, readImportFile, seedDemoData } from './import.ts';
export { SEED_DIR } from './seed-dir.ts';
