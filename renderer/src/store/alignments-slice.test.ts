// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type AlignmentInfo, type UploadResult } from '../api/index.js';
import xml from '../fixtures/CO_FIWARE.rdf?raw';
import { fakeApi, flush, notFound } from './fake-api.test-support.js';
import { VALIDATE_DEBOUNCE_MS } from './alignments-slice.js';
import { createWorkbenchStore } from './workbench-store.js';
import type { MediatorApi } from '../api/index.js';

const info = (name: string, version = '1.0'): AlignmentInfo => ({
  id: 1, name, version, descId: name, date: 0, sourceOntologyURI: 's', targetOntologyURI: 't', creator: 'c', description: '', cellCount: 1, stepCount: 1,
});

const storeWith = (api: Partial<MediatorApi>) => createWorkbenchStore({ makeApi: () => fakeApi(api) });

afterEach(() => vi.useRealTimers());

describe('alignments slice', () => {
  it('loads the list and keeps the server message when it fails', async () => {
    const ok = storeWith({ listAlignments: async () => [info('A')] });
    await ok.getState().loadAlignments();
    expect(ok.getState().alignments.map((a) => a.name)).toEqual(['A']);

    const down = storeWith({ listAlignments: async () => Promise.reject(new ApiError('Cannot reach the mediator', 0, 'NETWORK')) });
    await down.getState().loadAlignments();
    expect(down.getState().alignmentsOp).toEqual({ state: 'failed', message: 'Cannot reach the mediator' });
  });

  it('uploads several documents in order, each with its own result, then reloads the list', async () => {
    const results: UploadResult[] = [
      { status: 'created', message: 'uploaded', problems: [] },
      { status: 'exists', message: 'already exists', problems: [] },
      { status: 'conflict', message: 'different content', problems: [] },
      { status: 'invalid', message: 'bad', problems: [{ code: 'P', severity: 'error', message: 'p', line: 4, column: 1 }] },
    ];
    const seen: string[] = [];
    const list = vi.fn(async () => [info('A')]);
    const store = storeWith({
      uploadAlignment: async (text) => {
        seen.push(text);
        const next = results.shift();
        if (next === undefined) throw new ApiError('network down', 0, 'NETWORK');
        return next;
      },
      listAlignments: list,
    });
    await store.getState().uploadDocuments(['a', 'b', 'c', 'd', 'e'].map((t) => ({ fileName: `${t}.rdf`, text: t })));
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
    const uploads = store.getState().uploads;
    expect(uploads.map((u) => [u.fileName, u.status, u.message])).toEqual([
      ['a.rdf', 'created', 'uploaded'],
      ['b.rdf', 'exists', 'already exists'],
      ['c.rdf', 'conflict', 'different content'],
      ['d.rdf', 'invalid', 'bad'],
      ['e.rdf', 'failed', 'network down'],
    ]);
    expect(uploads[3]?.problems[0]?.line).toBe(4);
    expect(store.getState().uploadProgress).toBeUndefined();
    expect(list).toHaveBeenCalledOnce();
  });

  it('keeps pasted XML when the upload is refused and clears it when stored', async () => {
    let answer: UploadResult = { status: 'invalid', message: 'bad XML', problems: [] };
    const store = storeWith({ uploadAlignment: async () => answer, listAlignments: async () => [] });
    store.getState().setPasteText('<broken');
    await store.getState().uploadPasted();
    expect(store.getState().pasteText).toBe('<broken');
    expect(store.getState().pasteOp).toEqual({ state: 'failed', message: 'bad XML' });
    answer = { status: 'created', message: 'uploaded', problems: [] };
    await store.getState().uploadPasted();
    expect(store.getState().pasteText).toBe('');
    expect(store.getState().pasteOp).toEqual({ state: 'done', message: 'uploaded' });

    const down = storeWith({ uploadAlignment: async () => Promise.reject(new ApiError('offline', 0, 'NETWORK')) });
    down.getState().setPasteText('<x/>');
    await down.getState().uploadPasted();
    expect(down.getState().pasteText).toBe('<x/>');
  });

  it('opens a stored alignment: source, parsed cells, warnings as problems, compiled SPARQL', async () => {
    const store = storeWith({
      getAlignmentXml: async () => xml,
      validateAlignment: async () => ({ valid: true, message: 'validated', problems: [{ code: 'W', severity: 'warning', message: 'w', line: 74, column: 13 }] }),
      getCompiledCells: async () => ({
        name: 'CO_FIWARE_align',
        version: '1.0',
        cells: [{ id: 'cell0', line: 1, column: 1, entity1: '', entity2: '', functions: [], typings: [], filters: [], sparql: 'DELETE {}' }],
        steps: [],
        warnings: [],
      }),
    });
    await store.getState().openStoredAlignment({ name: 'CO_FIWARE_align', version: '1.0' });
    const e = store.getState().editor;
    expect(e?.text).toBe(xml);
    await vi.waitFor(() => expect(store.getState().editor?.parsed).toBeDefined());
    const parsed = store.getState().editor?.parsed;
    expect(parsed?.ok && parsed.alignment.cells).toHaveLength(11);
    expect(e?.problems).toHaveLength(1);
    expect(e?.validation.state).toBe('valid');
    expect(e?.compiled).toEqual({ state: 'ready', cells: [expect.objectContaining({ id: 'cell0', sparql: 'DELETE {}' })] });
  });

  it('says compiled SPARQL is not available when the server has no cells endpoint (404)', async () => {
    const store = storeWith({
      getAlignmentXml: async () => xml,
      validateAlignment: async () => ({ valid: true, message: 'ok', problems: [] }),
      getCompiledCells: async () => Promise.reject(notFound()),
    });
    await store.getState().openStoredAlignment({ name: 'X', version: '1' });
    expect(store.getState().editor?.compiled.state).toBe('unavailable');
    expect(store.getState().editor?.compiled.message).toContain('not available from this server');
  });

  it('opens an invalid upload as a draft with its problems, and validates edits after a pause', async () => {
    vi.useFakeTimers();
    const validate = vi.fn(async (_text: string) => ({ valid: false, message: 'still bad', problems: [{ code: 'P', severity: 'error' as const, message: 'p', line: 2, column: 3 }] }));
    const store = storeWith({
      uploadAlignment: async () => ({ status: 'invalid', message: 'bad', problems: [{ code: 'P', severity: 'error', message: 'p', line: 1, column: 1 }] }),
      listAlignments: async () => [],
      validateAlignment: validate,
    });
    await store.getState().uploadDocuments([{ fileName: 'bad.rdf', text: '<bad' }]);
    const key = store.getState().uploads[0]?.key ?? '';
    store.getState().openUploadInEditor(key);
    expect(store.getState().editor).toMatchObject({ source: { kind: 'draft', label: 'bad.rdf' }, text: '<bad', validation: { state: 'invalid' } });
    expect(store.getState().editor?.problems[0]?.line).toBe(1);

    store.getState().setEditorText('<bad>');
    store.getState().setEditorText('<bad><');
    expect(validate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(VALIDATE_DEBOUNCE_MS + 10);
    expect(validate).toHaveBeenCalledOnce();
    expect(validate).toHaveBeenCalledWith('<bad><');
    expect(store.getState().editor?.problems[0]?.line).toBe(2);
  });

  it('asks before deleting, shows the server reason when refused, and closes the deleted alignment', async () => {
    let refuse = true;
    const store = storeWith({
      deleteAlignment: async () => {
        if (refuse) throw new ApiError('Alignment is used by an active channel (channel 1)', 400, 'IN_USE');
      },
      listAlignments: async () => [],
      getAlignmentXml: async () => xml,
      validateAlignment: async () => ({ valid: true, message: 'ok', problems: [] }),
      getCompiledCells: async () => ({ name: 'A', version: '1', cells: [], steps: [], warnings: [] }),
    });
    const id = { name: 'A', version: '1' };
    await store.getState().openStoredAlignment(id);
    store.getState().requestDelete(id);
    expect(store.getState().pendingDelete).toEqual(id);
    await store.getState().confirmDelete();
    expect(store.getState().deleteOp).toEqual({ state: 'failed', message: 'Alignment is used by an active channel (channel 1)' });
    expect(store.getState().pendingDelete).toEqual(id);
    refuse = false;
    await store.getState().confirmDelete();
    expect(store.getState().pendingDelete).toBeUndefined();
    expect(store.getState().editor).toBeUndefined();
    await flush();
  });

  it('converts the editor text to Turtle cells and keeps the text when conversion fails', async () => {
    let fail = false;
    const store = storeWith({
      getAlignmentXml: async () => xml,
      validateAlignment: async () => ({ valid: true, message: 'ok', problems: [] }),
      getCompiledCells: async () => ({ name: 'A', version: '1', cells: [], steps: [], warnings: [] }),
      convertAlignment: async (_x, to) => {
        if (fail) throw new ApiError('conversion failed', 500, 'CONVERSION_FAILED');
        return `converted to ${to}`;
      },
    });
    await store.getState().openStoredAlignment({ name: 'A', version: '1' });
    await store.getState().convertEditorToTurtle();
    expect(store.getState().editor?.converted).toBe('converted to TTL');
    fail = true;
    await store.getState().convertEditorToTurtle();
    expect(store.getState().editor?.convertOp).toEqual({ state: 'failed', message: 'conversion failed' });
    expect(store.getState().editor?.text).toBe(xml);
  });
});
