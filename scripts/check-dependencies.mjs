#!/usr/bin/env node
// The dependency check of `npm test` (the lint suite) and `npm run lint` (issue 26).
//
//   node scripts/check-dependencies.mjs                 rules, folder cycles, and the checked-in graph is current
//   node scripts/check-dependencies.mjs --write-graph   (npm run deps:graph) writes docs/dependency-graph.md
//   node scripts/check-dependencies.mjs --base DIR      checks a tree laid out like this repository (the
//                                                       fixtures of core/src/dependency-rules.test.ts); no graph
//
// dependency-cruiser reads the module graph and checks the rules of .dependency-cruiser.cjs (layers,
// file cycles, test support). What its rules cannot say is checked here over the same graph: no
// cycle between folders. Each module is collapsed to its folder by the pattern in the config's
// options.reporterOptions.archi.collapsePattern (the first folder under core/src/common,
// core/src/node, core/src, renderer/src, renderer/src/features, electron/src, electron, e2e; bench
// and scripts whole); a file directly in one of those roots (core/src/common/errors.ts,
// core/src/node/cli.ts) stays its own node. Test files are left out of the folder graph: a test
// sits beside the code it tests and may drive it from above (a store test starting a server),
// which says nothing about the direction of the shipped code; file cycles through tests are still
// refused by the no-circular rule. Exit code 1 on any violation, 2 on a usage error.
import { cruise } from 'dependency-cruiser';
import extractTsConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const config = createRequire(import.meta.url)(join(repoRoot, '.dependency-cruiser.cjs'));
const GRAPH_FILE = 'docs/dependency-graph.md';
/** Where the code lives; the ones that exist under the base folder are cruised. */
const ROOTS = ['core/src', 'renderer/src', 'electron/src', 'electron/tests', 'electron/scripts', 'e2e', 'bench', 'scripts'];
const TEST_FILE = /\.(test|spec)\.[cm]?tsx?$/;

/** The folder a module belongs to in the folder graph (see the header). */
export function folderOf(path) {
  const match = new RegExp(config.options.reporterOptions.archi.collapsePattern).exec(path);
  return match === null ? path : match[0].replace(/\/$/, '');
}

/** The strongly connected components with more than one node (Tarjan), each sorted, in a stable order. */
function cycles(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return found.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/**
 * The folder graph of a cruise: folder -> folder -> the file imports that make the edge. Only the
 * project's own modules, no tests, no edge within a folder.
 */
function folderGraph(modules) {
  const graph = new Map();
  for (const module of modules) {
    if (module.coreModule === true || module.source.includes('node_modules') || TEST_FILE.test(module.source)) continue;
    const from = folderOf(module.source);
    if (!graph.has(from)) graph.set(from, new Map());
    for (const dependency of module.dependencies) {
      if (dependency.coreModule || dependency.couldNotResolve || dependency.resolved.includes('node_modules')) continue;
      const to = folderOf(dependency.resolved);
      if (to === from) continue;
      const targets = graph.get(from);
      if (!targets.has(to)) targets.set(to, []);
      targets.get(to).push(`${module.source} -> ${dependency.resolved}`);
    }
  }
  return graph;
}

/** The folder graph as a Mermaid flowchart, one subgraph per unit, in a stable order. */
function mermaid(graph) {
  const folders = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((t) => [...t.keys()])])].sort();
  const id = new Map(folders.map((f, i) => [f, `f${i}`]));
  const unitOf = (folder) => /^(core\/src\/(common|node)|core\/src|renderer\/src|electron|e2e)(?=\/)/.exec(folder)?.[0] ?? folder.split('/')[0];
  const units = [...new Set(folders.map(unitOf))];
  const lines = ['flowchart LR'];
  for (const unit of units) {
    lines.push(`  subgraph ${unit.replace(/\W/g, '_')}["${unit}"]`);
    for (const folder of folders.filter((f) => unitOf(f) === unit)) lines.push(`    ${id.get(folder)}["${folder.slice(unit.length + 1) || folder}"]`);
    lines.push('  end');
  }
  for (const from of folders) for (const to of [...(graph.get(from)?.keys() ?? [])].sort()) lines.push(`  ${id.get(from)} --> ${id.get(to)}`);
  return lines.join('\n');
}

function graphDocument(graph) {
  return `# Folder dependency graph

Generated from the code by \`npm run deps:graph\` (dependency-cruiser, modules collapsed to their
folder as \`scripts/check-dependencies.mjs\` says, tests left out); the lint suite fails when it is
not current. An arrow is "imports from". See \`docs/architecture.md\` for what the folders are.

\`\`\`mermaid
${mermaid(graph)}
\`\`\`
`;
}

/** Cruises the tree at `base` and returns every problem found, as lines, and the folder graph. */
export async function checkDependencies(base) {
  const roots = ROOTS.filter((root) => existsSync(join(base, root)));
  const { reporterOptions: _reporting, tsConfig, ...options } = config.options;
  const atRepo = resolve(base) === repoRoot;
  const result = await cruise(
    roots,
    { ...options, ...(atRepo ? { tsConfig } : {}), baseDir: resolve(base), validate: true, ruleSet: { forbidden: config.forbidden } },
    undefined,
    atRepo ? { tsConfig: extractTsConfig(join(repoRoot, tsConfig.fileName)) } : undefined,
  );
  const { modules, summary } = result.output;
  const problems = summary.violations.map((v) =>
    v.cycle === undefined ? `${v.rule.name}: ${v.from} -> ${v.to}` : `${v.rule.name}: ${[v.from, ...v.cycle.map((step) => step.name)].join(' -> ')}`,
  );
  const graph = folderGraph(modules);
  for (const component of cycles(new Map([...graph].map(([from, targets]) => [from, [...targets.keys()]])))) {
    problems.push(`folder-cycle: ${component.join(' <-> ')}`);
    for (const from of component)
      for (const [to, imports] of graph.get(from) ?? [])
        if (component.includes(to))
          problems.push(`    ${from} -> ${to}: ${imports.slice(0, 3).join(', ')}${imports.length > 3 ? ` (+${imports.length - 3})` : ''}`);
  }
  return { problems, graph, modules: modules.length };
}

async function main() {
  let args;
  try {
    args = parseArgs({ options: { base: { type: 'string' }, 'write-graph': { type: 'boolean' } } }).values;
  } catch (error) {
    console.error(`check-dependencies: ${error.message}`);
    return 2;
  }
  const base = resolve(args.base ?? repoRoot);
  const { problems, graph, modules } = await checkDependencies(base);
  const graphPath = join(repoRoot, GRAPH_FILE);
  if (base === repoRoot) {
    const text = graphDocument(graph);
    if (args['write-graph'] === true) {
      writeFileSync(graphPath, text);
      console.log(`wrote ${GRAPH_FILE}`);
    } else if (!existsSync(graphPath) || readFileSync(graphPath, 'utf8') !== text) {
      problems.push(`graph-current: ${GRAPH_FILE} does not match the code; run npm run deps:graph and commit it`);
    }
  }
  for (const line of problems) console.log(line);
  const count = problems.filter((line) => !line.startsWith(' ')).length;
  console.log(`dependencies: ${modules} modules, ${graph.size} folders; ${count === 0 ? 'no violations' : `${count} violation(s)`}`);
  return count === 0 ? 0 : 1;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = await main();
