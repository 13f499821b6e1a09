/**
 * One cold suite run, for the suite bench (suite-bench.ts): started as its own process, it reads a
 * suite folder, compiles the alignment files and runs the suite once with runSuite, as
 * `mediator test` does, and prints `{"ms": ..., "passed": ...}` (the report's own time). Beside
 * `mediator test --json` over the same folder, it tells what the command adds to a run in a fresh
 * process, and beside the warm in-process rounds, what a fresh process costs (its code not yet
 * optimised).
 */
import { readFileSync } from 'node:fs';
import { compileAlignment, readSuiteFolder, runSuite, type api } from '@mediator/core/node';

const [dir, ...files] = process.argv.slice(2);
if (dir === undefined) throw new Error('usage: suite-cold-run SUITE_DIR ALIGNMENT.rdf...');
const compiled = await Promise.all(files.map(async (f) => compileAlignment(readFileSync(f, 'utf8'))));
const byName = new Map(compiled.map((a) => [a.header.name, a]));
const cases = await readSuiteFolder(dir);
const report = await runSuite('cold', cases, (ids: readonly api.AlignmentId[]) => ids.map((id) => byName.get(id.name)!));
process.stdout.write(`${JSON.stringify({ ms: report.ms, passed: report.passed })}\n`);
