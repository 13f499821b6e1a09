/**
 * `mediator test` and `mediator coverage` (issue 12), in-process through runCli: exit codes, the
 * table, `--json` shapes and the JUnit XML (parsed back with core's XML reader and checked), on a
 * suite folder exported from the golden pairs.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseXml, type XmlElement } from '../../common/xml/index.js';
import { runCapturedCli as run } from '../../test-support/cli-run.js';
import { dataDir, goldenPairs, goldenSteps, readData } from '../../test-support/shared-data.js';
import { goldenSuite, withCellChanged } from '../../test-support/golden-suite.js';
import { readSuiteFolder, writeSuiteFolder } from '../suites/suite-folder.js';
import type { api } from '../../common/index.js';

const scratch = mkdtempSync(join(tmpdir(), 'mediator-suite-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const suiteDir = join(scratch, 'golden-suite');
const alignmentArgs = ['BodyCloud_CO.rdf', 'CO_FIWARE.rdf', 'UniversAAL_CO.rdf'].flatMap((f) => ['-a', join(dataDir, 'alignments', f)]);
let cases: api.TestCase[];

beforeAll(async () => {
  cases = (await goldenSuite()).cases;
  await writeSuiteFolder(suiteDir, cases);
});

function testcases(xml: string): XmlElement[] {
  const root = parseXml(xml).root;
  expect(root.local).toBe('testsuites');
  const suites = root.elements().filter((e) => e.local === 'testsuite');
  expect(suites).toHaveLength(1);
  return suites[0]!.elements().filter((e) => e.local === 'testcase');
}

describe('the suite folder', () => {
  it('reads back exactly the cases it was written from', async () => {
    expect(await readSuiteFolder(suiteDir)).toEqual([...cases].sort((a, b) => (a.name < b.name ? -1 : 1)));
  });

  it('rejects a folder it cannot read with FILE_UNREADABLE naming it, and skips dot folders and node_modules', async () => {
    const missing = join(scratch, 'no-such-suite');
    await expect(readSuiteFolder(missing)).rejects.toMatchObject({ code: 'FILE_UNREADABLE', message: expect.stringContaining(missing) });
    const dir = join(scratch, 'hidden-cases');
    await writeSuiteFolder(dir, cases.slice(0, 2));
    await writeSuiteFolder(join(dir, '.git'), cases.slice(2, 3));
    await writeSuiteFolder(join(dir, 'node_modules'), cases.slice(3, 4));
    expect((await readSuiteFolder(dir)).map((c) => c.name)).toEqual(
      cases
        .slice(0, 2)
        .map((c) => c.name)
        .sort(),
    );
  });

  it('finds cases in nested folders and names a broken one by its path from the root, with /', async () => {
    const dir = join(scratch, 'nested-cases');
    await writeSuiteFolder(join(dir, 'group', 'sub'), cases.slice(0, 1));
    await writeSuiteFolder(join(dir, 'group'), cases.slice(1, 2));
    expect((await readSuiteFolder(dir)).map((c) => c.name).sort()).toEqual(
      cases
        .slice(0, 2)
        .map((c) => c.name)
        .sort(),
    );
    mkdirSync(join(dir, 'group', 'sub', 'broken'));
    writeFileSync(join(dir, 'group', 'sub', 'broken', 'case.json'), '{');
    await expect(readSuiteFolder(dir)).rejects.toMatchObject({ source: 'group/sub/broken/case.json' });
  });
});

describe('mediator test', () => {
  it('passes the golden suite, exits 0, and writes JUnit XML with every case passing', async () => {
    const junit = join(scratch, 'green.xml');
    const r = await run(['test', suiteDir, ...alignmentArgs, '--junit', junit]);
    // Only the alignments' own warnings go to stderr.
    expect(r.stderr.split('\n').filter((l) => l !== '' && !l.includes(': warning '))).toEqual([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^case\s+result\s+alignments\s+ms\s+detail$/m);
    expect(r.stdout).toContain(`${cases.length} passed, 0 failed, 0 error(s)`);
    const xml = readFileSync(junit, 'utf8');
    const root = parseXml(xml).root;
    expect(root.attrAny('tests')).toBe(String(cases.length));
    expect(root.attrAny('failures')).toBe('0');
    const tcs = testcases(xml);
    expect(tcs.map((t) => t.attrAny('name')).sort()).toEqual(cases.map((c) => c.name).sort());
    expect(tcs.every((t) => t.elements().every((e) => e.local === 'properties'))).toBe(true);
  });

  it('fails exactly the cases that use a changed cell, exits 1, names the first differing step in the table and the JUnit XML', async () => {
    const cell = 'cell2_weight';
    const file = join(scratch, 'CO_FIWARE-1.1.rdf');
    // A new version of the alignment: the run uses it for the cases recorded with 1.0, and says so.
    writeFileSync(
      file,
      withCellChanged(readData('alignments/CO_FIWARE.rdf'), cell).replace('<exmo:version>1.0</exmo:version>', '<exmo:version>1.1</exmo:version>'),
    );
    const users = goldenPairs()
      .filter((p) => goldenSteps(p.pair).some((s) => s.cell === cell && s.deleted + s.inserted > 0))
      .map((p) => p.pair)
      .sort();
    expect(users.length).toBeGreaterThan(0);
    const junit = join(scratch, 'red.xml');
    const r = await run([
      'test',
      suiteDir,
      '-a',
      join(dataDir, 'alignments/UniversAAL_CO.rdf'),
      '-a',
      join(dataDir, 'alignments/BodyCloud_CO.rdf'),
      '-a',
      file,
      '--junit',
      junit,
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('note: CO_FIWARE_align: recorded 1.0, ran 1.1');
    for (const name of users)
      expect(r.stdout).toMatch(
        new RegExp(`^${name.replace(/\./g, '\\.')}\\s+FAIL\\s.*first differing step: CO_FIWARE_align step \\d+ \\(cell ${cell}\\)`, 'm'),
      );
    expect(r.stdout).toContain(`${cases.length - users.length} passed, ${users.length} failed, 0 error(s)`);
    const xml = readFileSync(junit, 'utf8');
    expect(parseXml(xml).root.attrAny('failures')).toBe(String(users.length));
    const failed = testcases(xml).filter((t) => t.elements().some((e) => e.local === 'failure'));
    expect(failed.map((t) => t.attrAny('name')).sort()).toEqual(users);
    for (const t of failed) {
      const failure = t.elements().find((e) => e.local === 'failure')!;
      expect(failure.attrAny('message')).toContain(`(cell ${cell})`);
      expect(failure.text()).toContain('+ <http://example.org/changed#by>');
    }
  });

  it('prints the report as JSON with --json', async () => {
    const r = await run(['test', suiteDir, ...alignmentArgs, '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as api.SuiteRunReport;
    expect(Object.keys(report).sort()).toEqual(['cases', 'errors', 'failed', 'ms', 'passed', 'suite']);
    expect(report.passed).toBe(cases.length);
    expect(report.cases[0]).toMatchObject({ status: 'passed', payloadMatches: true, stepsMatch: true, failedCells: [] });
  });

  it('runs against the suite folder’s own alignments/ when no -a is given; a case whose alignment is missing is an error', async () => {
    const dir = join(scratch, 'own-alignments');
    await writeSuiteFolder(
      dir,
      cases.filter((c) => c.name.startsWith('bc-') || c.name === 'weight__UniversAAL_CO'),
    );
    mkdirSync(join(dir, 'alignments'));
    writeFileSync(join(dir, 'alignments', 'BodyCloud_CO.rdf'), readData('alignments/BodyCloud_CO.rdf'));
    const r = await run(['test', dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^bc-weight__BodyCloud_CO\s+PASS/m);
    expect(r.stdout).toMatch(/^weight__UniversAAL_CO\s+ERROR\s.*UniversAAL_CO_align@.* is not among the alignment files/m);
    expect(r.stdout).toContain('4 passed, 0 failed, 1 error(s)');
  });

  it('exits 2 on usage errors and 1 with file:line:column on a broken case.json', async () => {
    expect((await run(['test'])).code).toBe(2);
    const noAlignments = await run(['test', suiteDir]);
    expect(noAlignments.code).toBe(2);
    expect(noAlignments.stderr).toContain('-a');
    const broken = join(scratch, 'broken-suite');
    mkdirSync(join(broken, 'one'), { recursive: true });
    writeFileSync(join(broken, 'one', 'case.json'), '{\n  "name": "one",\n  "alignments": [,]\n}\n');
    const r = await run(['test', broken, ...alignmentArgs]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^one\/case\.json:3:\d+: not JSON/m);
    writeFileSync(join(broken, 'one', 'case.json'), '{"name": "one", "alignments": [{"name": "x"}]}');
    const shape = await run(['test', broken, ...alignmentArgs]);
    expect(shape.code).toBe(1);
    expect(shape.stderr).toContain('one/case.json: /alignments/0');
  });
});

describe('mediator coverage', () => {
  it('prints {messages, cells, neverFired} with --json, matching the golden traces', async () => {
    const pairs = goldenPairs().filter((p) => p.alignments.length === 1 && p.alignments[0] === 'alignments/BodyCloud_CO.rdf');
    const r = await run(['coverage', '-a', join(dataDir, 'alignments/BodyCloud_CO.rdf'), ...pairs.map((p) => join(dataDir, p.message)), '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as api.CoverageReport;
    expect(Object.keys(report).sort()).toEqual(['cells', 'messages', 'neverFired', 'unreadable']);
    expect(report.messages).toBe(pairs.length);
    for (const c of report.cells) {
      expect(Object.keys(c).sort()).toEqual(['alignment', 'cell', 'failed', 'fired', 'inSteps', 'messages', 'version']);
      const firedOn = pairs
        .filter((p) => goldenSteps(p.pair).some((s) => s.cell === c.cell && s.deleted + s.inserted > 0))
        .map((p) => join(dataDir, p.message));
      expect(c.messages).toEqual(firedOn);
    }
    expect(report.neverFired).toEqual(report.cells.filter((c) => c.fired === 0).map((c) => ({ alignment: c.alignment, version: c.version, cell: c.cell })));
  });

  it('searches folders, prints a table, and exits 1 when a message cannot be read', async () => {
    const dir = join(scratch, 'corpus');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.json'), readData('messages/bc-weight.json'));
    writeFileSync(join(dir, 'b.json'), '{ not json');
    writeFileSync(join(dir, 'notes.txt'), 'ignored');
    const r = await run(['coverage', '-a', join(dataDir, 'alignments/BodyCloud_CO.rdf'), dir]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^BodyCloud_CO_align@2\.0\.2\s+2_res_weight\s+1\s+1\/1$/m);
    expect(r.stdout).toMatch(/^never fired: .*BodyCloud_CO_align\/2_res_bp/m);
    expect(r.stderr).toContain('b.json: Message is not JSON');
  });

  it('exits 2 without alignments or messages', async () => {
    expect((await run(['coverage', join(dataDir, 'messages/bc-weight.json')])).code).toBe(2);
    expect((await run(['coverage', '-a', join(dataDir, 'alignments/BodyCloud_CO.rdf')])).code).toBe(2);
  });
});
