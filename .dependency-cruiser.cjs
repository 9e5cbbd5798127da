// The layout's rules, checked by `npm run check:architecture` (npm test runs it before the suites).
// Each message names the rule and where the code goes instead (docs/architecture.md, "The rooms").
/** @type {import('dependency-cruiser').IConfiguration} */
const SLICES = '(account|auth|cas|catalog|console|directory|embedding|health|mfa|oidc|passkey|registration|saml|seed|tenant)';

module.exports = {
  forbidden: [
    {
      name: 'contract-imports-nothing-of-ours',
      severity: 'error',
      comment:
        'contract/ is what the widget and the server agree on: it imports only contract/ and packages. ' +
        'Move the shared piece into contract/ (or pass it in from the caller).',
      from: { path: '^contract/' },
      to: { path: '^(server|widget|portal|demo|scripts|bench|test|types)/' },
    },
    {
      name: 'server-never-imports-browser-side',
      severity: 'error',
      comment:
        'server/ never imports widget/, portal/ or demo/: what both sides need goes in contract/ ' +
        '(texts, route names, request rules); the server gets the rest passed in.',
      from: { path: '^server/' },
      to: { path: '^(widget|portal|demo)/' },
    },
    {
      name: 'browser-side-never-imports-server',
      severity: 'error',
      comment:
        'widget/, portal/ and demo/ never import server/: what both sides need goes in contract/.',
      from: { path: '^(widget|portal|demo)/' },
      to: { path: '^server/' },
    },
    {
      name: 'no-import-circle',
      severity: 'error',
      comment:
        'No import circle (type-only imports count): move what both files need into a third file ' +
        'they both import, or pass it in (compose.ts gives each part what it uses).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'storage-imports-no-slice',
      severity: 'error',
      comment:
        'server/storage/ holds the handles every slice builds on and nothing of any slice: a slice\'s ' +
        'table shapes, stores and migrations stay in the slice (its <slice>-tables.ts / -migrations.ts); ' +
        'compose.ts hands them to storage.',
      from: { path: '^server/storage/' },
      to: { path: `^server/${SLICES}/` },
    },
    {
      name: 'records-import-only-records-and-contract',
      severity: 'error',
      comment:
        'server/records/ holds the record types and store interfaces several slices share (User, Session, ' +
        'ClientGroup, CatalogStore, MembershipStore, ...) and rules of a record alone: it is below every slice, so ' +
        'it imports only server/records/ and contract/ (types), never a slice, context.ts or another server room. ' +
        'A record that needs more stays in its slice, exported from the slice\'s index.ts.',
      from: { path: '^server/records/' },
      to: { path: '^(server|widget|portal|demo|scripts|bench|test|types)/', pathNot: '^server/records/' },
    },
    {
      name: 'only-compose-builds-other-slices-stores',
      severity: 'error',
      comment:
        'Only server/compose.ts builds a slice\'s stores outside the slice: take the store from the ' +
        'context (AppContext / Stores) or get it passed in; import only its interface (import type) ' +
        'from <thing>-store.ts.',
      from: { path: '^server/([^/]+)/', pathNot: '^server/compose\\.ts$' },
      to: {
        path: '^server/([^/]+)/(.+[.](sql|redis|split)[.]ts|[^/]+-stores[.]ts|meta-store[.]ts)$',
        pathNot: '^server/$1/',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'slice-reached-through-its-index',
      severity: 'error',
      comment:
        'A slice reaches another only through that slice\'s index.ts (its public surface): import it from ' +
        '../<slice>/index.ts (./<slice>/index.ts from server/); if it is not exported there, export it there (a named ' +
        'export, export type for a type). Only the wiring reaches in: compose.ts for the store and migration builders, ' +
        'app.ts for each slice\'s plugin file.',
      from: { path: `^server/${SLICES}/` },
      to: { path: `^server/${SLICES}/`, pathNot: ['^server/$1/', `^server/${SLICES}/index[.]ts$`] },
    },
    {
      name: 'slice-reached-through-its-index',
      severity: 'error',
      // The same rule for the wiring (one name, so the message above is the one printed): cli.ts, main.ts,
      // server.ts and admin-context.ts take a slice's parts from its index.ts like any slice.
      from: { path: '^server/(cli|main|server|admin-context)[.]ts$' },
      to: { path: `^server/${SLICES}/`, pathNot: `^server/${SLICES}/index[.]ts$` },
    },
    {
      name: 'slice-reached-through-its-index',
      severity: 'error',
      // compose.ts builds the stores and joins the migrations (only-compose-builds-other-slices-stores): those
      // builders it imports directly; everything else from the slice's index.ts.
      from: { path: '^server/compose[.]ts$' },
      to: {
        path: `^server/${SLICES}/`,
        pathNot: `^server/${SLICES}/(index|.+(-stores|-migrations|-store|[.]sql|[.]redis|[.]split))[.]ts$`,
      },
    },
    {
      name: 'slice-reached-through-its-index',
      severity: 'error',
      // app.ts lists each slice's plugin (SLICES): the plugin file it imports directly (a slice's index.ts does not
      // re-export its plugin, which would put the slice's routes behind every import of it and close circles).
      from: { path: '^server/app[.]ts$' },
      to: { path: `^server/${SLICES}/`, pathNot: `^server/${SLICES}/(index|routes|[^/]+-routes|[^/]+-plugin)[.]ts$` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
