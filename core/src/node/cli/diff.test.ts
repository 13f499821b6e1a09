/**
 * `mediator diff` (issue 12, part 2): exit codes like diff(1) (0 same, 1 different, 2 usage or
 * read error), the `--json` shape of the issue, and the human form, over the shared alignments.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCapturedCli as run } from '../../test-support/cli-run.js';
import { alignmentFiles, dataDir, readData } from '../../test-support/shared-data.js';
import { editedCopy, readModel, sameMeaningCopy } from '../../test-support/alignment-variants.js';

const scratch = mkdtempSync(join(tmpdir(), 'mediator-diff-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = join(scratch, name);
  writeFileSync(file, text);
  return file;
}

describe.each(alignmentFiles())('mediator diff on %s', (file) => {
  const original = join(dataDir, 'alignments', file);
  const text = readData(`alignments/${file}`);

  it('exits 0 and prints nothing for the same meaning written differently', async () => {
    const copy = write(`same-${file}`, sameMeaningCopy(text, await readModel(text)));
    const r = await run(['diff', original, copy]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    const json = await run(['diff', '--json', original, copy]);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      cells: { added: [], removed: [], changed: [], renamed: [] },
      steps: { added: [], removed: [], reordered: false, moved: [] },
      header: {},
    });
  });

  it('exits 1 and reports the removed, changed and renamed cell', async () => {
    const edit = editedCopy(text, await readModel(text), 'entity2');
    const edited = write(`edited-${file}`, edit.text);
    const json = await run(['diff', original, edited, '--json']);
    expect(json.code).toBe(1);
    expect(json.stderr).toBe('');
    const parsed = JSON.parse(json.stdout) as Record<string, unknown>;
    // The shape: {"cells": {"added", "removed", "changed": [{"cell", "parts"}], "renamed": [{"from", "to"}]}, "steps", "header"}.
    expect(Object.keys(parsed)).toEqual(['cells', 'steps', 'header']);
    expect(parsed.cells).toEqual({ added: [], removed: [edit.removed], changed: [{ cell: edit.changed, parts: ['entity2'] }], renamed: [edit.renamed] });
    expect(parsed.header).toEqual({});
    const human = await run(['diff', original, edited]);
    expect(human.code).toBe(1);
    expect(human.stdout.split('\n')).toEqual(
      expect.arrayContaining([`- cell ${edit.removed}`, `~ cell ${edit.changed}: entity2`, `> cell ${edit.renamed.from} renamed to ${edit.renamed.to}`]),
    );
    expect(human.stdout).not.toMatch(/^\+ cell/m);
  });
});

describe('mediator diff errors', () => {
  const a = join(dataDir, 'alignments', 'CO_FIWARE.rdf');
  const b = join(dataDir, 'alignments', 'UniversAAL_CO.rdf');

  it('exits 1 for two different alignments, with header changes first', async () => {
    const r = await run(['diff', a, b]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^header name: "CO_FIWARE_align" -> "/);
  });

  it('reads one side from stdin', async () => {
    const r = await run(['diff', a, '-'], readData('alignments/CO_FIWARE.rdf'));
    expect(r.code).toBe(0);
  });

  const table: Array<[string, () => string[], RegExp]> = [
    ['a missing file', () => ['diff', a, join(scratch, 'missing.rdf')], /missing\.rdf: cannot read file \(ENOENT\)/],
    [
      'XML that is not well-formed',
      () => ['diff', write('broken.rdf', '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n  <oops>\n'), a],
      /broken\.rdf:\d+:\d+: /,
    ],
    [
      'an alignment with errors',
      () => [
        'diff',
        a,
        write('bad-turtle.rdf', readData('alignments/CO_FIWARE.rdf').replace('var:CTX a phd:WeighingScale .', 'var:CTX a phd:WeighingScale ;; ] .')),
      ],
      /bad-turtle\.rdf:\d+:\d+: error [\s\S]*the alignment has errors/,
    ],
    ['one file only', () => ['diff', a], /diff takes two alignment files/],
    ['three files', () => ['diff', a, b, a], /diff takes two alignment files/],
    ['an unknown option', () => ['diff', '--colour', a, b], /Unknown option '--colour'/],
  ];
  it.each(table)('exits 2 for %s', async (_label, args, message) => {
    const r = await run(args());
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
  });
});
