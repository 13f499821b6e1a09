/**
 * Warm from the first message (issue 27): the worker threads start with the service, not with the
 * first job; stored alignments are compiled at start in the workers that will run them, never on
 * the main thread; an alignment loaded ahead is run without its text being sent again. Real worker
 * threads (the compiled worker module), a real SQLite file, real alignments.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger, type api, type TranslationResult } from '../../common/index.js';
import { SqliteStore } from '../store/index.js';
import { readData } from '../../test-support/shared-data.js';
import { AlignmentService } from './alignment-service.js';
import { TranslationPool } from './translation-pool.js';
import { TranslationService } from './translation-service.js';
import type { TranslationAnswer } from './translation-protocol.js';

/** The REST answer's JSON, as a client reads it. */
const answerJson = (answer: TranslationAnswer) => JSON.parse(new TextDecoder().decode(answer.body)) as api.TranslationResponse;

let dir: string;
const closers: Array<() => Promise<void> | void> = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mediator-warm-start-'));
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  rmSync(dir, { recursive: true, force: true });
});

const translateItem = (graphStr: string) => ({ kind: 'translate', graphStr, trace: false, pretty: true, defaultGraph: false }) as const;

describe('the translation pool', () => {
  it('is ready with every worker warm, and runs an alignment loaded ahead in each worker without its text', async () => {
    const pool = new TranslationPool({ size: 2, logger: silentLogger });
    closers.push(() => pool.close());
    await pool.whenReady();
    expect(pool.workerCount).toBe(2);
    pool.load([{ key: 'stored-1', xml: readData('alignments/CO_FIWARE.rdf') }]);
    // Text that does not parse under the loaded key: had a worker not compiled the loaded copy, it
    // would ask for the text, get this, and fail. Two runs kept apart (stopAfterTimeout), one per worker.
    const bogus = [{ key: 'stored-1', xml: 'not an alignment' }];
    const message = readData('messages/weight.UniversAAL_CO.json');
    const runs = [0, 1].map(
      () => pool.submit({ alignments: bogus, items: [translateItem(message)], timeoutMs: 10_000, bounded: true, stopAfterTimeout: true })[0]!,
    );
    const results = (await Promise.all(runs)) as TranslationResult[];
    for (const r of results) {
      expect(r.emptyPayload).toBe(false);
      expect(r.message).toContain('FIWAREv2#Entity');
    }
  });
});

describe('requests submitted in one turn of the event loop', () => {
  it('go to the worker as one job, each answered with its own bytes, as one by one', async () => {
    const pool = new TranslationPool({ size: 1, logger: silentLogger });
    closers.push(() => pool.close());
    await pool.whenReady();
    const alignments = [{ key: 'stored-1', xml: readData('alignments/CO_FIWARE.rdf') }];
    const messages = ['weight.UniversAAL_CO.json', 'bloodPressure.UniversAAL_CO.json', 'weight.UniversAAL_CO.json', 'bloodPressure.UniversAAL_CO.json'];
    const answerItem = (graphStr: string) => ({ kind: 'answer', graphStr, trace: false, pretty: true, defaultGraph: false }) as const;
    const submit = (file: string) =>
      pool.submit({ alignments, items: [answerItem(readData(`messages/${file}`))], timeoutMs: 10_000, bounded: true })[0] as Promise<TranslationAnswer>;
    const alone: TranslationAnswer[] = [];
    for (const file of messages) alone.push(await submit(file));
    const before = pool.jobsPostedForTest;
    const together = await Promise.all(messages.map(submit));
    // Dispatched after this turn, not at the first submit: one thread message for all four.
    expect(pool.jobsPostedForTest - before).toBe(1);
    expect(together.map(answerJson)).toEqual(alone.map(answerJson));
    expect(answerJson(together[0]!).graphStr).toContain('FIWAREv2#Entity');
    // Each answer owns its buffer (moved from the worker, not a view of a shared one).
    for (const a of together) expect(a.body.byteLength).toBe(a.body.buffer.byteLength);
  });
});

describe('a translation service started with workers', () => {
  function services(): { alignments: AlignmentService; translation: TranslationService; store: SqliteStore } {
    const store = SqliteStore.open({ file: path.join(dir, 'mediator.db') });
    closers.push(() => store.close());
    const alignments = new AlignmentService(store, silentLogger);
    const translation = new TranslationService({ alignments, logger: silentLogger, workers: 1, timeoutMs: 10_000 });
    closers.push(() => translation.close());
    alignments.analyzer = translation;
    return { alignments, translation, store };
  }

  it('compiles the stored alignments on its worker at start, not on this thread, and translates through them', async () => {
    const first = services();
    await first.translation.start();
    await first.alignments.upload(readData('alignments/CO_FIWARE.rdf'));
    await first.translation.close();

    const { alignments, translation } = services();
    await translation.start();
    expect(await alignments.loadAll()).toEqual({ loaded: 1, failed: 0 });
    expect(alignments.compiledHereForTest('CO_FIWARE_align', '1.0')).toBe(false);
    // The counts came from the worker's analysis.
    expect(alignments.list()[0]).toMatchObject({ name: 'CO_FIWARE_align', cellCount: expect.any(Number) });
    expect(alignments.list()[0]!.cellCount).toBeGreaterThan(0);
    const answer = await translation.translate(
      { alignIDs: [{ name: 'CO_FIWARE_align', version: '1.0' }], graphStr: readData('messages/weight.UniversAAL_CO.json') },
      { trace: false, pretty: true },
    );
    expect(answerJson(answer).message).toBe('Message translation successful');
    expect(alignments.compiledHereForTest('CO_FIWARE_align', '1.0')).toBe(false);
    // Validating the stored text (the workbench opening it) is answered from the worker's analysis at start.
    const reply = await alignments.validate(readData('alignments/CO_FIWARE.rdf'));
    expect(reply.message).toBe('Alignment with AlignmentID(CO_FIWARE_align,1.0) validated successfully');
    expect(reply.warnings.length).toBeGreaterThan(0);
    expect(alignments.textsAnalyzedForTest()).toBe(0);
  });

  it('compiles an alignment another fleet process stored on its worker, not on this thread, before the adoption resolves', async () => {
    const { alignments, translation, store } = services();
    await translation.start();
    const fields = { creator: '', description: '', sourceOntologyURI: '', targetOntologyURI: '', fingerprint: 'f' };
    // Records as another process of the fleet stored them; the fleet's sync hands each to adopt.
    store.insertAlignment({ ...fields, name: 'CO_FIWARE_align', version: '1.0', xml: readData('alignments/CO_FIWARE.rdf') });
    store.insertAlignment({ ...fields, name: 'broken', version: '1', xml: '<rdf:RDF' });
    expect(await alignments.adopt(store.getAlignment('CO_FIWARE_align', '1.0')!)).toBe(false);
    expect(alignments.compiledHereForTest('CO_FIWARE_align', '1.0')).toBe(false);
    expect(alignments.list().find((a) => a.name === 'CO_FIWARE_align')!.cellCount).toBeGreaterThan(0);
    const answer = await translation.translate(
      { alignIDs: [{ name: 'CO_FIWARE_align', version: '1.0' }], graphStr: readData('messages/weight.UniversAAL_CO.json') },
      { trace: false, pretty: true },
    );
    expect(answerJson(answer).graphStr).toContain('FIWAREv2#Entity');
    expect(alignments.compiledHereForTest('CO_FIWARE_align', '1.0')).toBe(false);
    // One that does not compile is logged, not cached: its next use says why.
    expect(await alignments.adopt(store.getAlignment('broken', '1')!)).toBe(false);
    await expect(alignments.compiledFor('broken', '1')).rejects.toThrow(/rdf:RDF|XML|parse|well-formed/i);
  });

  it("builds an upload's view, its cells and an editor text's view on the worker, as the event loop would", async () => {
    const { alignments, translation } = services();
    await translation.start();
    const xml = readData('alignments/CO_FIWARE.rdf');
    await alignments.upload(xml);
    const view = await alignments.viewBody('CO_FIWARE_align', '1.0');
    // Transferred from the worker, then kept: the next opening's request gets the same bytes.
    expect(await alignments.viewBody('CO_FIWARE_align', '1.0')).toBe(view);
    expect(alignments.viewsBuiltForTest()).toBe(1);
    const cells = await alignments.compiledCells('CO_FIWARE_align', '1.0');
    const text = await alignments.viewText(xml);
    // The worker compiled the upload; this thread never did.
    expect(alignments.compiledHereForTest('CO_FIWARE_align', '1.0')).toBe(false);
    // The same answers as a service without workers builds here.
    const store = SqliteStore.open({ file: path.join(dir, 'no-workers.db') });
    closers.push(() => store.close());
    const local = new AlignmentService(store, silentLogger);
    await local.upload(xml);
    // The same bytes: serialised on the worker, or here.
    expect(Buffer.from(view).toString('utf8')).toBe(Buffer.from(await local.viewBody('CO_FIWARE_align', '1.0')).toString('utf8'));
    expect((JSON.parse(Buffer.from(view).toString('utf8')) as api.AlignmentView).cells.length).toBeGreaterThan(0);
    expect(cells).toEqual(await local.compiledCells('CO_FIWARE_align', '1.0'));
    expect(text).toEqual(await local.viewText(xml));
    expect(cells.cells.length).toBeGreaterThan(0);
    expect(cells.cells[0]!.sparql).toMatch(/INSERT/);
    // Text that is not well-formed is refused with the reader's position, from the worker too.
    await expect(alignments.viewText('<rdf:RDF')).rejects.toThrow();
  });

  it('reports a stored alignment that no longer compiles and loads the others', async () => {
    const store = SqliteStore.open({ file: path.join(dir, 'mediator.db') });
    const xml = readData('alignments/CO_FIWARE.rdf');
    // The stored text of an alignment that does not compile (as if the rules had changed since).
    store.insertAlignment({
      name: 'broken',
      version: '1',
      creator: '',
      description: '',
      sourceOntologyURI: '',
      targetOntologyURI: '',
      xml: '<rdf:RDF',
      fingerprint: 'x',
    });
    store.close();
    const { alignments, translation } = services();
    await translation.start();
    await alignments.upload(xml);
    expect(await alignments.loadAll()).toEqual({ loaded: 1, failed: 1 });
  });
});
