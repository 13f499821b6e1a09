#!/usr/bin/env node
// `npm run bench` (after the build): runs every benchmark one after another, each one's output shown
// as it comes and kept; then writes bench/results/report.md (scripts/bench-report.mjs: the stamp, the
// summary of every goal with MET or MISSED, and each table) and prints the goal summary last.
// `npm run bench:readme` puts the last complete report into the README between its bench markers;
// a partial run (BENCH_ONLY, a failed command) is refused there: the README shows whole runs only.
//
//   node scripts/bench.mjs            run the benches, write the report
//   node scripts/bench.mjs --ui       only the workbench's benches (npm run bench:ui)
//   node scripts/bench.mjs --readme   write README.md from bench/results/report.md
//   node scripts/bench.mjs --report   write report.md again from the last run's output (report-runs.json)
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { goalRows, parseBlocks, reportMarkdown, withReport } from './bench-report.mjs';
import { exitFlushed } from './exit-flushed.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const resultsDir = join(root, 'bench/results');
const reportFile = join(resultsDir, 'report.md');
const readmeFile = join(root, 'README.md');
const runsFile = join(resultsDir, 'report-runs.json');

const ENGINE = ['bench/dist/run.js'];
const UI = [
  'e2e/dist/bench/open-large-alignment.js',
  'e2e/dist/bench/type-large-alignment.js',
  'e2e/dist/bench/draw-payload-graph.js',
  'e2e/dist/bench/first-translation.js',
];

/** Runs one bench script, passing its output through and keeping its standard output. */
function runScript(script) {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, [join(root, script)], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('close', (code, signal) => resolveRun({ command: `node ${script}`, output, ok: code === 0, status: signal ?? code }));
  });
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

function commit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

async function runBenches(ui) {
  mkdirSync(resultsDir, { recursive: true });
  const loadBefore = load();
  const runs = [];
  // BENCH_ONLY names bench/run.js's sections, and `ui` for the workbench's benches.
  const only = process.env.BENCH_ONLY?.split(',').map((x) => x.trim());
  const scripts = [...(ui || (only && !only.some((x) => x !== 'ui')) ? [] : ENGINE), ...(only && !only.includes('ui') ? [] : UI)];
  for (const script of scripts) runs.push(await runScript(script));
  const failed = runs.filter((r) => !r.ok);
  const incomplete = [
    ...(ui ? ['the workbench benches only'] : []),
    ...(process.env.BENCH_ONLY ? [`BENCH_ONLY=${process.env.BENCH_ONLY}`] : []),
    ...failed.map((r) => `${r.command} failed (${r.status})`),
  ];
  const stamp = {
    date: new Date().toISOString().replace(/\.\d+Z$/u, 'Z'),
    machine: `${cpus().length} cores`,
    node: process.version,
    commit: commit(),
    seconds: process.env.BENCH_SECONDS ?? '2',
    loadBefore,
    loadAfter: load(),
    complete: incomplete.length === 0,
    incomplete: incomplete.join(', '),
  };
  writeFileSync(reportFile, reportMarkdown(runs, stamp));
  // The printed output itself, so a report can be read again from it (`--report`).
  writeFileSync(runsFile, `${JSON.stringify({ stamp, runs }, null, 2)}\n`);
  const goals = runs.flatMap((r) => goalRows(parseBlocks(r.output)));
  process.stdout.write(`\nGoals of this run (${reportFile}; load average ${stamp.loadBefore} before, ${stamp.loadAfter} after):\n`);
  for (const g of goals) process.stdout.write(`  ${g.met ? 'MET   ' : 'MISSED'}  ${g.table.slice(0, 60)} | ${g.row} | ${g.verdicts.join('; ')}\n`);
  process.stdout.write(`${goals.filter((g) => g.met).length} goals met, ${goals.filter((g) => !g.met).length} missed\n`);
  return failed.length === 0 ? 0 : 1;
}

async function writeReadme() {
  if (!existsSync(reportFile)) throw new Error(`no ${reportFile}: run npm run bench first`);
  const report = readFileSync(reportFile, 'utf8');
  if (/partial run:/u.test(report.split('\n', 3).join('\n'))) throw new Error(`${reportFile} is from a partial run: the README shows whole runs only`);
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(readmeFile)) ?? {};
  const next = await prettier.format(withReport(readFileSync(readmeFile, 'utf8'), report), { ...options, filepath: readmeFile });
  writeFileSync(readmeFile, next);
  process.stdout.write(`README.md: benchmark section written from ${reportFile}\n`);
  return 0;
}

/** The report written again from the last run's kept output (after a change to the report's format). */
function rewriteReport() {
  const { stamp, runs } = JSON.parse(readFileSync(runsFile, 'utf8'));
  writeFileSync(reportFile, reportMarkdown(runs, stamp));
  process.stdout.write(`${reportFile} written from ${runsFile}\n`);
  return 0;
}

try {
  const mode = process.argv.includes('--readme')
    ? writeReadme
    : process.argv.includes('--report')
      ? rewriteReport
      : () => runBenches(process.argv.includes('--ui'));
  await exitFlushed(await mode());
} catch (error) {
  process.stderr.write(`bench: ${error.message}\n`);
  await exitFlushed(1);
}
