/**
 * One cold suite run, for the suite bench (suite-bench.ts): started as its own process, it reads a
 * suite folder, compiles the alignment files and runs the suite once with runSuite, as
 * `mediator test` does, and prints `{"ms": ..., "passed": ...}` (the report's own time). Beside
 * `mediator test --json` over the same folder, it tells what the command adds to a run in a fresh
 * process, and beside the warm in-process rounds, what a fresh process costs (its code not yet
 * optimised). With `--engine` first, it translates the cases' messages through their chains with
 * translateMessage instead (no trace, no comparison), timed the same way: the engine's own cold
 * rate, which bounds what a suite run on one thread of a fresh process can reach.
 */
import { readFileSync } from 'node:fs';
import { compileAlignment, readSuiteFolder, runSuite, translateMessage, type api } from '@mediator/core/node';

const args = process.argv.slice(2);
const engine = args[0] === '--engine';
const [dir, ...files] = engine ? args.slice(1) : args;
if (dir === undefined) throw new Error('usage: suite-cold-run [--engine] SUITE_DIR ALIGNMENT.rdf...');
const compiled = await Promise.all(files.map(async (f) => compileAlignment(readFileSync(f, 'utf8'))));
const byName = new Map(compiled.map((a) => [a.header.name, a]));
const cases = await readSuiteFolder(dir);
const chainOf = (ids: readonly api.AlignmentId[]) => ids.map((id) => byName.get(id.name)!);
if (engine) {
  const started = performance.now();
  for (const c of cases) await translateMessage(c.message, chainOf(c.alignments));
  process.stdout.write(`${JSON.stringify({ ms: performance.now() - started, passed: 0 })}\n`);
} else {
  const report = await runSuite('cold', cases, chainOf);
  process.stdout.write(`${JSON.stringify({ ms: report.ms, passed: report.passed })}\n`);
}
