/**
 * `mediator test SUITE_DIR [-a A.rdf ...] [--junit FILE] [--json]` (issue 12, part 1): runs a suite
 * folder headless against alignment files (the `-a` files, else the suite's own `alignments/`
 * folder), prints a table, writes JUnit XML for CI with --junit, exits 1 when any case fails.
 */
import { basename, resolve } from 'node:path';
import { failureSummary, junitXml, runSuite, MediatorError, ErrorCodes, type api } from '../../common/index.js';
import { readSuiteFolder, suiteAlignmentFiles } from '../suites/suite-folder.js';
import { formatTable, parseCommandArgs, UsageError, writeOutputFile, type CliIo } from './io.js';
import { fileResolver, loadAlignments } from './load-alignments.js';

const chainText = (ids: readonly api.AlignmentId[]): string => ids.map((a) => `${a.name}@${a.version}`).join(' > ') || '(none)';

export const TEST_USAGE = `  mediator test SUITE_DIR [-a ALIGN.rdf ...] [--junit FILE] [--json]
      Run an alignment test suite folder (one folder per case: case.json, input.json,
      expected-payload.nt) against the alignment files (default SUITE_DIR/alignments/*.rdf);
      prints a table, writes JUnit XML with --junit, exits 1 when any case fails.
`;

export async function testCommand(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs({
    args,
    allowPositionals: true,
    options: { alignment: { type: 'string', short: 'a', multiple: true }, junit: { type: 'string' }, json: { type: 'boolean' } },
  });
  const dir = positionals[0];
  if (dir === undefined || positionals.length > 1) throw new UsageError('test takes exactly one SUITE_DIR');
  const cases = await readSuiteFolder(dir);
  if (cases.length === 0) throw new MediatorError(`${dir}: no test cases (no */case.json)`, ErrorCodes.fileUnreadable);
  const files = values.alignment ?? (await suiteAlignmentFiles(dir));
  if (files.length === 0) throw new UsageError(`name the alignments to test with -a (or keep them in ${dir}/alignments/)`);
  const alignments = await loadAlignments(files, io);
  const suite = basename(resolve(dir));
  const report = await runSuite(suite, cases, fileResolver(alignments));
  if (values.junit !== undefined) writeOutputFile(values.junit, junitXml(report));
  if (values.json === true) {
    io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  } else {
    const rows = [['case', 'result', 'alignments', 'ms', 'detail']];
    for (const c of report.cases) {
      rows.push([
        c.name,
        c.status === 'passed' ? 'PASS' : c.status === 'failed' ? 'FAIL' : 'ERROR',
        chainText(c.alignments),
        c.ms.toFixed(1),
        failureSummary(c),
      ]);
    }
    io.stdout(
      `${formatTable(rows)}\n\n${report.passed} passed, ${report.failed} failed, ${report.errors} error(s) in ${report.cases.length} case(s), ${report.ms.toFixed(0)} ms\n`,
    );
  }
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
