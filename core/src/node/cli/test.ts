/**
 * `mediator test SUITE_DIR [-a A.rdf ...] [--junit FILE] [--json]` (issue 12, part 1): runs a suite
 * folder headless against alignment files (the `-a` files, else the suite's own `alignments/`
 * folder), prints a table, writes JUnit XML for CI with --junit, exits 1 when any case fails.
 */
import { basename, resolve } from 'node:path';
import { failureSummary, junitXml, runSuite, MediatorError, ErrorCodes, type api } from '../../common/index.js';
import { readSuiteFolder, suiteAlignmentFiles } from '../suites/suite-folder.js';
import { formatTable, parseCommandArgs, someNamed, UsageError, writeOutputFile, type CliIo } from './io.js';
import { fileResolver, loadAlignments, type AlignmentCache } from './load-alignments.js';
import { eventLoopTurns, watchSuite } from './test-watch.js';

const chainText = (ids: readonly api.AlignmentId[]): string => ids.map((a) => `${a.name}@${a.version}`).join(' > ') || '(none)';

export const TEST_USAGE = `  mediator test SUITE_DIR [-a ALIGN.rdf ...] [--junit FILE] [--json] [--watch]
      Run an alignment test suite folder (one folder per case: case.json, input.json,
      expected-payload.nt) against the alignment files (default SUITE_DIR/alignments/*.rdf);
      prints a table, writes JUnit XML with --junit, exits 1 when any case fails.
      --watch: run again whenever a case or an alignment file changes, in the same process
      (its code already warm), until Ctrl-C; with --json, one report per line.
`;

/** What one run of the suite reads and writes. */
interface SuiteRunOptions {
  readonly dir: string;
  readonly alignmentFiles: readonly string[] | undefined;
  readonly junit: string | undefined;
  readonly json: boolean;
}

/**
 * What a run under --watch keeps for the next: the compiled alignments, and each case's result to
 * say what changed. Its runs also differ in print: a JSON report takes one line (one per run),
 * the table lists only the cases that did not pass (on a large suite the whole table each save
 * buried what the save changed), and a run lets the event loop in now and then.
 */
interface WatchState {
  readonly cache: AlignmentCache;
  previous: ReadonlyMap<string, api.CaseResult['status']> | undefined;
}

/** Case names listed in a "since the previous run" line; the rest are counted. */
const NAMED_CASES = 5;

export async function testCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    allowPositionals: true,
    options: {
      alignment: { type: 'string', short: 'a', multiple: true },
      junit: { type: 'string' },
      json: { type: 'boolean' },
      watch: { type: 'boolean', short: 'w' },
    },
  });
  const dir = positionals[0];
  if (dir === undefined || positionals.length > 1) throw new UsageError('test takes exactly one SUITE_DIR');
  const watching = values.watch === true;
  if (watching && values.alignment?.includes('-') === true)
    throw new UsageError('--watch reads the alignment files again after each change: it cannot read one from standard input (-)');
  const options: SuiteRunOptions = { dir, alignmentFiles: values.alignment, junit: values.junit, json: values.json === true };
  if (!watching) return runSuiteFolder(options, io);
  const state: WatchState = { cache: new Map(), previous: undefined };
  return watchSuite(
    { dir, files: values.alignment ?? [], outputs: values.junit === undefined ? [] : [values.junit] },
    () => runSuiteFolder(options, io, state),
    io,
  );
}

/** Reads the suite and its alignments, runs it and prints the report: 0 when every case passed. */
async function runSuiteFolder(options: SuiteRunOptions, io: CliIo, watch?: WatchState): Promise<number> {
  const { dir } = options;
  const cases = await readSuiteFolder(dir);
  if (cases.length === 0) throw new MediatorError(`${dir}: no test cases (no */case.json)`, ErrorCodes.fileUnreadable);
  const files = options.alignmentFiles ?? (await suiteAlignmentFiles(dir));
  if (files.length === 0) throw new UsageError(`name the alignments to test with -a (or keep them in ${dir}/alignments/)`);
  const alignments = await loadAlignments(files, io, watch?.cache);
  const suite = basename(resolve(dir));
  const report = await runSuite(suite, cases, fileResolver(alignments), watch === undefined ? {} : { between: eventLoopTurns() });
  if (options.junit !== undefined) writeOutputFile(options.junit, junitXml(report));
  if (options.json) {
    io.stdout(`${watch === undefined ? JSON.stringify(report, null, 2) : JSON.stringify(report)}\n`);
  } else {
    const rows = [['case', 'result', 'alignments', 'ms', 'detail']];
    const listed = watch === undefined ? report.cases : report.cases.filter((c) => c.status !== 'passed');
    for (const c of listed) {
      rows.push([
        c.name,
        c.status === 'passed' ? 'PASS' : c.status === 'failed' ? 'FAIL' : 'ERROR',
        chainText(c.alignments),
        c.ms.toFixed(1),
        failureSummary(c),
      ]);
    }
    const table = rows.length > 1 ? `${formatTable(rows)}\n\n` : '';
    const unlisted =
      watch !== undefined && listed.length > 0 && listed.length < report.cases.length ? ' (under --watch only the cases that did not pass are listed)' : '';
    io.stdout(
      `${table}${report.passed} passed, ${report.failed} failed, ${report.errors} error(s) in ${report.cases.length} case(s), ${report.ms.toFixed(0)} ms${unlisted}\n`,
    );
    if (watch?.previous !== undefined) io.stdout(`${changedResults(watch.previous, report.cases)}\n`);
  }
  if (watch !== undefined) watch.previous = new Map(report.cases.map((c) => [c.name, c.status]));
  // Which recorded versions ran against another version of the same name: the point of a re-run.
  const replaced = new Set<string>();
  cases.forEach((c, i) => {
    const ran = report.cases[i]?.alignments ?? [];
    c.alignments.forEach((id, k) => {
      const used = ran[k];
      if (used !== undefined && used.name === id.name && used.version !== id.version) replaced.add(`${id.name}: recorded ${id.version}, ran ${used.version}`);
    });
  });
  for (const note of replaced) io.stderr(`note: ${note}\n`);
  return report.passed === report.cases.length ? 0 : 1;
}

/** What a save changed: the cases that passed before and do not now, and the other way round. */
function changedResults(previous: ReadonlyMap<string, api.CaseResult['status']>, cases: readonly api.CaseResult[]): string {
  const failing = cases.filter((c) => c.status !== 'passed' && previous.get(c.name) === 'passed').map((c) => c.name);
  const passing = cases.filter((c) => c.status === 'passed' && previous.has(c.name) && previous.get(c.name) !== 'passed').map((c) => c.name);
  const parts = [
    ...(failing.length > 0 ? [`now failing ${someNamed(failing, NAMED_CASES)}`] : []),
    ...(passing.length > 0 ? [`now passing ${someNamed(passing, NAMED_CASES)}`] : []),
  ];
  return `since the previous run: ${parts.length === 0 ? 'no case changed its result' : parts.join('; ')}`;
}
