/**
 * A 1,000-case alignment test suite run headless (issue 12), in cases per second, next to the
 * engine's in-process translation rate over the same 1,000 messages and chains, measured in the
 * same run in interleaved rounds (this shared machine's speed drifts within seconds): the ratio is
 * the median over rounds of a suite round's rate to its neighbouring engine round's. Also the
 * real `mediator test` over the same suite written as a folder (its report's own time, so process
 * start and alignment compilation are left out), and runSuite run once in a fresh process over the
 * same folder (suite-cold-run.ts): the command runs its suite once in a process whose code V8 has
 * not optimised yet, which the warm in-process rounds have left behind; and the engine's own
 * translation of the same messages once in a fresh process, which bounds that cold run.
 *
 * The cases cycle through the golden pairs, each with its expected payload and per-step counts, so
 * a case does what CI does: translate with the trace, compare the payload as a graph and the counts.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runSuite, translateMessage, writeSuiteFolder, type api, type CompiledAlignment } from '@mediator/core/node';
import { median } from './stats.js';
import { measureCompileShare, type CompileShare } from './function-events.js';
import { measureWatch, type WatchFigures } from './watch-bench.js';

const coldRunner = join(dirname(fileURLToPath(import.meta.url)), 'suite-cold-run.js');

export interface SuiteCaseSource {
  readonly name: string;
  readonly message: string;
  readonly expectedPayload: string;
  readonly expectedSteps: api.StepCounts[];
  readonly alignments: readonly CompiledAlignment[];
  readonly files: readonly string[];
}

export interface SuiteFigures {
  readonly cases: number;
  readonly casesPerSecond: number;
  readonly translationsPerSecond: number;
  readonly ratio: number;
  readonly cliCasesPerSecond: number;
  readonly cliRatio: number;
  /** runSuite once in a fresh process over the same folder (suite-cold-run.ts): what `mediator test` starts from. */
  readonly coldCasesPerSecond: number;
  readonly coldRatio: number;
  /** translateMessage over the same messages once in a fresh process (suite-cold-run.ts --engine): the engine's own cold rate. */
  readonly engineColdPerSecond: number;
  readonly engineColdRatio: number;
  /** The whole `mediator test --json` process (start, reading the folder, compiling, the run, printing), median wall ms. */
  readonly cliWallMs: number;
  /** V8's parsing and bytecode inside one more fresh runSuite run (function-events.ts): a code cache's ceiling. */
  readonly coldCompile: CompileShare;
  /** `mediator test --watch` over the same folder, re-running after saves (watch-bench.ts). */
  readonly watch: WatchFigures;
  readonly passed: number;
}

export async function measureSuite(cli: string, sources: readonly SuiteCaseSource[], count: number, rounds = 9): Promise<SuiteFigures> {
  const picks = Array.from({ length: count }, (_, i) => sources[i % sources.length]!);
  const cases: api.TestCase[] = picks.map((s, i) => ({
    name: `${String(i).padStart(4, '0')}-${s.name}`,
    alignments: s.alignments.map((a) => ({ name: a.header.name, version: a.header.version })),
    message: s.message,
    expectedPayload: s.expectedPayload,
    expectedSteps: s.expectedSteps,
  }));
  const byName = new Map(sources.flatMap((s) => s.alignments).map((a) => [a.header.name, a]));
  // Compiled alignments at hand, answered at once: as the CLI's file resolver does.
  const resolve = (ids: readonly api.AlignmentId[]) => ids.map((id) => byName.get(id.name)!);
  // Preparing (reading the expected payloads) is part of running a suite: measured inside.
  const suiteRound = async (): Promise<{ rate: number; passed: number }> => {
    const start = performance.now();
    const report = await runSuite('bench', cases, resolve);
    return { rate: (count / (performance.now() - start)) * 1000, passed: report.passed };
  };
  const engineRound = async (): Promise<number> => {
    const start = performance.now();
    for (const s of picks) await translateMessage(s.message, s.alignments);
    return (count / (performance.now() - start)) * 1000;
  };
  await suiteRound();
  await engineRound();
  const suite: number[] = [];
  const engine: number[] = [];
  const ratios: number[] = [];
  let passed = 0;
  for (let i = 0; i < rounds; i++) {
    // Alternate which goes first, and pair each suite round with the engine round beside it: the
    // machine's speed drifts, and a ratio of neighbours drifts less than a ratio of medians.
    const first = i % 2 === 0 ? await engineRound() : undefined;
    const r = await suiteRound();
    const e = first ?? (await engineRound());
    engine.push(e);
    suite.push(r.rate);
    ratios.push(r.rate / e);
    passed = r.passed;
  }
  const dir = mkdtempSync(join(tmpdir(), 'mediator-suite-bench-'));
  const cliRates: number[] = [];
  const coldRates: number[] = [];
  const engineColdRates: number[] = [];
  const cliWalls: number[] = [];
  let coldCompile: CompileShare;
  let watch: WatchFigures;
  try {
    await writeSuiteFolder(dir, cases);
    const files = [...new Set(sources.flatMap((s) => s.files))];
    // Alternated, three of each: single cold runs on this shared machine vary by tens of percent.
    for (let i = 0; i < 3; i++) {
      const spawned = performance.now();
      const out = execFileSync(process.execPath, [cli, 'test', dir, ...files.flatMap((f) => ['-a', f]), '--json'], { encoding: 'utf8', maxBuffer: 1 << 28 });
      cliWalls.push(performance.now() - spawned);
      const report = JSON.parse(out) as api.SuiteRunReport;
      cliRates.push((report.cases.length / report.ms) * 1000);
      const cold = JSON.parse(execFileSync(process.execPath, [coldRunner, dir, ...files], { encoding: 'utf8' })) as { ms: number };
      coldRates.push((count / cold.ms) * 1000);
      const engineCold = JSON.parse(execFileSync(process.execPath, [coldRunner, '--engine', dir, ...files], { encoding: 'utf8' })) as { ms: number };
      engineColdRates.push((count / engineCold.ms) * 1000);
    }
    coldCompile = measureCompileShare(coldRunner, [dir, ...files], 'runSuite');
    watch = await measureWatch(cli, dir, files, engineRound);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const casesPerSecond = median(suite);
  const translationsPerSecond = median(engine);
  return {
    cases: count,
    casesPerSecond,
    translationsPerSecond,
    ratio: median(ratios),
    cliCasesPerSecond: median(cliRates),
    cliRatio: median(cliRates) / translationsPerSecond,
    coldCasesPerSecond: median(coldRates),
    coldRatio: median(coldRates) / translationsPerSecond,
    engineColdPerSecond: median(engineColdRates),
    engineColdRatio: median(engineColdRates) / translationsPerSecond,
    cliWallMs: median(cliWalls),
    coldCompile,
    watch,
    passed,
  };
}
