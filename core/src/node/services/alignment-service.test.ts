/**
 * Compile once (engine issue): an alignment is read and compiled when it is uploaded, or when a
 * server starts on a folder that holds it, and every later use gets that same compiled object;
 * no translation pays for parsing or compiling. Real SQLite file, real alignments.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger, type api } from '../../common/index.js';
import { SqliteStore } from '../store/index.js';
import { readData } from '../../test-support/shared-data.js';
import { AlignmentService } from './alignment-service.js';
import { ValidationMemo } from './validation-memo.js';

let dir: string;
let stores: SqliteStore[];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mediator-service-'));
  stores = [];
});

afterEach(() => {
  for (const s of stores) s.close();
  rmSync(dir, { recursive: true, force: true });
});

function service(): AlignmentService {
  const store = SqliteStore.open({ file: path.join(dir, 'mediator.db') });
  stores.push(store);
  return new AlignmentService(store, silentLogger);
}

describe('compiled alignment cache', () => {
  it('compiles at upload and hands every later use the same compiled alignment', async () => {
    const alignments = service();
    await alignments.upload(readData('alignments/CO_FIWARE.rdf'));
    const first = await alignments.compiledFor('CO_FIWARE_align', '1.0');
    expect(first.steps.length).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) expect(await alignments.compiledFor('CO_FIWARE_align', '1.0')).toBe(first);
  });

  it('compiles stored alignments once at start, then serves them from the cache', async () => {
    await service().upload(readData('alignments/UniversAAL_CO.rdf'));
    stores.pop()!.close();

    const restarted = service();
    expect(await restarted.loadAll()).toEqual({ loaded: 1, failed: 0 });
    const [info] = restarted.list();
    expect(info?.cellCount).toBeGreaterThan(0);
    const first = await restarted.compiledFor(info!.name, info!.version);
    expect(await restarted.compiledFor(info!.name, info!.version)).toBe(first);
  });

  it('forgets the compiled copy when the alignment is deleted', async () => {
    const alignments = service();
    await alignments.upload(readData('alignments/CO_FIWARE.rdf'));
    await alignments.compiledFor('CO_FIWARE_align', '1.0');
    await alignments.delete('CO_FIWARE_align', '1.0');
    await expect(alignments.compiledFor('CO_FIWARE_align', '1.0')).rejects.toThrow(/Cannot instantiate alignment/);
  });
});

describe("a stored alignment's view (issue 42)", () => {
  const viewOf = async (alignments: AlignmentService): Promise<api.AlignmentView> =>
    JSON.parse(Buffer.from(await alignments.viewBody('CO_FIWARE_align', '1.0')).toString('utf8')) as api.AlignmentView;

  it('is built once and sent again as the same bytes', async () => {
    const alignments = service();
    await alignments.upload(readData('alignments/CO_FIWARE.rdf'));
    const first = await alignments.viewBody('CO_FIWARE_align', '1.0');
    expect(alignments.viewsBuiltForTest()).toBe(1);
    expect(await alignments.viewBody('CO_FIWARE_align', '1.0')).toBe(first);
    expect(alignments.viewsBuiltForTest()).toBe(1);
    expect((await viewOf(alignments)).cells.length).toBeGreaterThan(0);
  });

  it('is never the view of a deleted text: the same name and version stored again show their new cells', async () => {
    const alignments = service();
    const xml = readData('alignments/CO_FIWARE.rdf');
    await alignments.upload(xml);
    const before = await viewOf(alignments);
    await alignments.delete('CO_FIWARE_align', '1.0');
    await expect(alignments.viewBody('CO_FIWARE_align', '1.0')).rejects.toThrow(/Cannot instantiate alignment/);
    // The same name and version, one cell fewer.
    const cell = /<align:map>[\s\S]*?<\/align:map>/.exec(xml)![0];
    const id = /rdf:about="([^"]+)"/.exec(cell)![1]!;
    await alignments.upload(xml.replace(cell, '').replace(new RegExp(`\\s*<sripas:step[^>]*sripas:cell="${id}"[^>]*/>`), ''));
    const after = await viewOf(alignments);
    expect(after.cells.length).toBe(before.cells.length - 1);
    expect(after.cells.map((c) => c.iri)).not.toContain(id);
  });
});

type ValidationReplyWarning = api.ValidationReply['warnings'][number];

/** A valid alignment text of its own: the shipped one under another version, with `extra` in a comment. */
function variant(extra: string): string {
  return readData('alignments/CO_FIWARE.rdf').replace('<align:Alignment>', `<align:Alignment><!-- ${extra} -->`);
}

describe('validation of a text read before (issue 42)', () => {
  it('answers the same text from memory, with the reply its first reading gave', async () => {
    const alignments = service();
    const xml = variant('a');
    const first = await alignments.validate(xml);
    expect(first.message).toMatch(/validated successfully/);
    expect(first.warnings.length).toBeGreaterThan(0);
    expect(alignments.textsAnalyzedForTest()).toBe(1);
    expect(await alignments.validate(xml)).toEqual(first);
    expect(alignments.textsAnalyzedForTest()).toBe(1);
  });

  it('knows an uploaded text, and reads any other text, even one character apart', async () => {
    const alignments = service();
    const xml = variant('b');
    const uploaded = await alignments.upload(xml);
    const reply = await alignments.validate(xml);
    expect(alignments.textsAnalyzedForTest()).toBe(1);
    expect(reply.warnings).toEqual(uploaded.warnings);
    await alignments.validate(`${xml} `);
    expect(alignments.textsAnalyzedForTest()).toBe(2);
  });

  it('knows the stored texts it compiled at start, with the reply a validation gives', async () => {
    const xml = variant('d');
    const fresh = await service().validate(xml);
    await service().upload(xml);
    stores.splice(0).forEach((s) => s.close());
    const restarted = service();
    await restarted.loadAll();
    expect(await restarted.validate(xml)).toEqual(fresh);
    expect(restarted.textsAnalyzedForTest()).toBe(0);
  });

  it('reads a text with errors every time, and reports them every time', async () => {
    const alignments = service();
    const broken = variant('c')
      .replace('<exmo:version>', '<exmo:nothing/><exmo:version>')
      .replace(/<align:entity1[^>]*>/, '<align:entity1>{{{');
    for (let i = 1; i <= 2; i++) {
      await expect(alignments.validate(broken)).rejects.toThrow();
      expect(alignments.textsAnalyzedForTest()).toBe(i);
    }
  });

  it('keeps the replies of a bounded number of texts, the least recently used dropped first', async () => {
    const memo = new ValidationMemo(3);
    const reply = (n: number) => ({ message: `m${n}`, warnings: [] });
    for (const n of [1, 2, 3]) memo.remember(`k${n}`, reply(n));
    expect(memo.get('k1')?.message).toBe('m1'); // k1 is now the most recent
    memo.remember('k4', reply(4));
    expect(memo.size).toBe(3);
    expect(memo.get('k2')).toBeUndefined();
    expect(['k1', 'k3', 'k4'].map((k) => memo.get(k)?.message)).toEqual(['m1', 'm3', 'm4']);
    const warning = { severity: 'warning', code: 'X', message: 'x', line: 1, column: 1 } as unknown as ValidationReplyWarning;
    const small = new ValidationMemo(3, 1);
    small.remember('one', { message: 'one warning', warnings: [warning] });
    small.remember('two', { message: 'two warnings', warnings: [warning, warning] });
    expect(small.get('one')?.message).toBe('one warning');
    expect(small.get('two')).toBeUndefined();
    expect(Object.isFrozen(memo.get('k1'))).toBe(true);
  });

  it('answers a text of several megabytes from memory too (hashed on the thread pool)', async () => {
    const alignments = service();
    const xml = variant('e'.repeat(3 << 20));
    await alignments.upload(xml);
    expect(alignments.textsAnalyzedForTest()).toBe(1);
    for (let i = 1; i <= 2; i++) expect((await alignments.validate(xml)).message).toMatch(/validated successfully/);
    expect(alignments.textsAnalyzedForTest()).toBe(1);
    await alignments.validate(`${xml} `);
    expect(alignments.textsAnalyzedForTest()).toBe(2);
  });

  it('keys texts by their bytes: the SHA-256 of their UTF-8', async () => {
    const key = (text: string) => ValidationMemo.keyOf(text);
    expect(await key('a')).toBe(await key('a'));
    expect(await key('a')).not.toBe(await key('a '));
    expect(await key('é')).not.toBe(await key('e\u0301'));
    const text = `${'<x/>'.repeat(1 << 18)}é\u{1F600}`;
    expect(await key(text)).toBe(createHash('sha256').update(Buffer.from(text, 'utf8')).digest('base64'));
  });
});
