// The rooms of the code and which room imports which, as a Mermaid graph in docs/architecture.md
// ("The rooms"), generated from the imports themselves so the picture cannot drift from the code.
// dependency-cruiser reads the imports (the same options as `npm run check:architecture`, type-only
// imports included); each module is then counted in its room (roomOf below), and an edge is drawn
// once per pair of rooms: solid when some import of it is needed at run time, dotted when every
// one is `import type`. Output is sorted: the same tree gives the same text.
//
//   node scripts/architecture/rooms-graph.mjs          prints the block
//   node scripts/architecture/rooms-graph.mjs --write  writes it between the markers in the doc
//   (npm run docs:graph; test/server/docs/docs-match-code.test.ts fails when the doc differs)
// A command, not a module to import: it points "typescript" at TypeScript 5 for its whole process.
import './with-typescript-5.mjs';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DOCUMENT = 'docs/architecture.md';
const START = '<!-- rooms-graph:start (npm run docs:graph writes this block) -->';
const END = '<!-- rooms-graph:end -->';
const CRUISED = ['contract', 'widget', 'portal', 'demo', 'server'];

/**
 * The room a module belongs to: a folder of server/, widget/ or portal/ is a room of its own; the
 * files directly in server/ (compose.ts, app.ts, cli.ts, ...), widget/ (index.ts, the build
 * helpers) and portal/ are that side's root room; contract/ and demo/ are one room each.
 */
function roomOf(source) {
  const [top, second, third] = source.split('/');
  if (top === 'contract' || top === 'demo') return top;
  if (top === 'server' || top === 'widget' || top === 'portal') return third === undefined ? top : `${top}/${second}`;
  return null; // packages and Node's own modules are no room
}

/**
 * Rooms (nearly) every other room imports: their incoming edges would be most of the picture, so
 * each is drawn once with the number of rooms that import it instead; what they import is drawn.
 */
const BASE_ROOMS = ['contract', 'server', 'server/http', 'server/storage', 'server/records'];
/**
 * The server's composition root (compose.ts, app.ts, server.ts, cli.ts beside the types the slices
 * share): it imports nearly every room, so its outgoing edges are a number on it too.
 */
const COMPOSITION_ROOT = 'server';
/** The server's rooms the slices build on (not slices themselves). */
const FOUNDATION = ['server/http', 'server/storage', 'server/crypto', 'server/records'];

/** The groups of rooms (Mermaid subgraphs), in this order; a room joins the first that takes it. */
const GROUPS = [
  { id: 'browser_side', label: 'browser side', parent: null, test: (room) => /^(widget|portal|demo)(\/|$)/.test(room) },
  { id: 'server_side', label: 'server', parent: null, test: (room) => room === 'server' },
  { id: 'slices', label: 'slices', parent: 'server_side', test: (room) => room.startsWith('server/') && !FOUNDATION.includes(room) },
  { id: 'foundation', label: 'what the slices build on', parent: 'server_side', test: (room) => FOUNDATION.includes(room) },
];

const nodeId = (room) => `room_${room.replace(/[^a-z0-9]+/gi, '_')}`;
const nodeName = (room) => (room === 'server' || room === 'widget' || room === 'portal' ? `${room}/*.ts` : `${room}/`);

/** Reads the imports with dependency-cruiser (the check's own options, no rules). */
async function cruiseImports() {
  const { cruise } = await import('dependency-cruiser');
  const { default: extractDepcruiseOptions } = await import('dependency-cruiser/config-utl/extract-depcruise-options');
  const { default: extractTSConfig } = await import('dependency-cruiser/config-utl/extract-ts-config');
  const previous = process.cwd();
  process.chdir(ROOT); // the config's paths and the module names are relative to the repository
  try {
    const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
    delete options.ruleSet;
    options.validate = false;
    // A cache of its own: the check's cache holds results with its rules applied.
    options.cache = { folder: 'node_modules/.cache/dependency-cruiser-rooms', strategy: 'content' };
    // No outputType: the result comes back as an object (modules with their resolved dependencies).
    const { output } = await cruise(CRUISED, options, {}, { tsConfig: extractTSConfig('tsconfig.json') });
    return output;
  } finally {
    process.chdir(previous);
  }
}

/** Room -> room edges of a cruise result: { from, to, runtime } sorted by from, then to. */
function roomEdges(result) {
  const edges = new Map();
  for (const module of result.modules) {
    const from = roomOf(module.source);
    if (!from) continue;
    for (const dependency of module.dependencies) {
      const to = dependency.couldNotResolve ? null : roomOf(dependency.resolved);
      if (!to || to === from) continue;
      const key = `${from} ${to}`;
      const runtime = !dependency.dependencyTypes.includes('type-only');
      edges.set(key, { from, to, runtime: (edges.get(key)?.runtime ?? false) || runtime });
    }
  }
  const byName = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  return [...edges.values()].sort((a, b) => byName(a.from, b.from) || byName(a.to, b.to));
}

/** The Mermaid block (with its markers) for a cruise result. */
function roomsGraphBlock(result) {
  const edges = roomEdges(result);
  const rooms = [...new Set(result.modules.map((module) => roomOf(module.source)).filter(Boolean))].sort();
  const importers = (room) => edges.filter((edge) => edge.to === room).length;
  const groupOf = (room) => GROUPS.find((group) => group.test(room))?.id ?? null;
  const node = (room) => {
    const counts = [
      ...(room === COMPOSITION_ROOT ? [`imports ${edges.filter((edge) => edge.from === room).length} rooms`] : []),
      ...(BASE_ROOMS.includes(room) ? [`imported by ${importers(room)} rooms`] : []),
    ];
    const label = [nodeName(room), ...counts].join('<br/>');
    return `${nodeId(room)}["${label}"]`;
  };
  const lines = [START, '```mermaid', 'flowchart LR'];
  const writeGroup = (group, indent) => {
    lines.push(`${indent}subgraph ${group.id} [${group.label}]`);
    for (const child of GROUPS.filter((g) => g.parent === group.id)) writeGroup(child, `${indent}  `);
    for (const room of rooms.filter((r) => groupOf(r) === group.id)) lines.push(`${indent}  ${node(room)}`);
    lines.push(`${indent}end`);
  };
  for (const group of GROUPS.filter((g) => g.parent === null)) writeGroup(group, '  ');
  for (const room of rooms.filter((r) => groupOf(r) === null)) lines.push(`  ${node(room)}`);
  for (const edge of edges) {
    if (BASE_ROOMS.includes(edge.to) || edge.from === COMPOSITION_ROOT) continue;
    lines.push(`  ${nodeId(edge.from)} ${edge.runtime ? '-->' : '-.->'} ${nodeId(edge.to)}`);
  }
  lines.push('```', END);
  return lines.join('\n');
}

/** The block as the code makes it now. */
async function currentRoomsGraph() {
  return roomsGraphBlock(await cruiseImports());
}

/** The block as the doc has it now (null without markers). */
function documentedRoomsGraph(text = fs.readFileSync(path.join(ROOT, DOCUMENT), 'utf8')) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  return start === -1 || end === -1 ? null : text.slice(start, end + END.length);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const block = await currentRoomsGraph();
  if (process.argv.includes('--write')) {
    const file = path.join(ROOT, DOCUMENT);
    const text = fs.readFileSync(file, 'utf8');
    const documented = documentedRoomsGraph(text);
    if (documented === null) throw new Error(`${DOCUMENT} has no ${START} ... ${END} markers`);
    fs.writeFileSync(file, text.replace(documented, block));
    console.log(`${DOCUMENT}: rooms graph ${documented === block ? 'unchanged' : 'updated'}`);
  } else {
    console.log(block);
  }
}
