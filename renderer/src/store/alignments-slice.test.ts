// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type UploadOutcome } from '../api/index.js';
import xml from '../fixtures/CO_FIWARE.rdf?raw';
import { flush, notFound, storeWith, alignmentInfo as info } from './fake-api.test-support.js';
import { alignmentView, viewCell } from './alignment-view.test-support.js';
import { editorMarkers, VALIDATE_DEBOUNCE_MS, WELL_FORMED_DEBOUNCE_MS } from './alignments-slice.js';

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
    const results: UploadOutcome[] = [
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
    let answer: UploadOutcome = { status: 'invalid', message: 'bad XML', problems: [] };
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

  it("opens a stored alignment: source, warnings as problems, and the server's view of its cells", async () => {
    const view = alignmentView([viewCell({ id: 'cell0', sparql: 'DELETE {}' })], { name: 'CO_FIWARE_align', version: '1.0' });
    const asked: string[] = [];
    const store = storeWith({
      getAlignmentXml: async () => xml,
      validateAlignment: async () => ({
        valid: true,
        message: 'validated',
        problems: [{ code: 'W', severity: 'warning', message: 'w', line: 74, column: 13 }],
      }),
      getAlignmentView: async (id) => {
        asked.push(`${id.name} ${id.version}`);
        return view;
      },
    });
    await store.getState().openStoredAlignment({ name: 'CO_FIWARE_align', version: '1.0' });
    const e = store.getState().editor;
    expect(e?.text).toBe(xml);
    expect(e?.wellFormed).toEqual([]);
    expect(e?.problems).toHaveLength(1);
    expect(e?.validation.state).toBe('valid');
    expect(e?.view).toEqual({ state: 'ready', view, text: xml });
    expect(asked).toEqual(['CO_FIWARE_align 1.0']);
  });

  it('says the cells are not available when the server has no view endpoint (404)', async () => {
    const store = storeWith({
      getAlignmentXml: async () => xml,
      validateAlignment: async () => ({ valid: true, message: 'ok', problems: [] }),
      getAlignmentView: async () => Promise.reject(notFound()),
    });
    await store.getState().openStoredAlignment({ name: 'X', version: '1' });
    expect(store.getState().editor?.view.state).toBe('unavailable');
    expect(store.getState().editor?.view.message).toContain('does not show alignment cells');
  });

  it('marks text that is not well-formed while typing (fast-xml-parser), then asks the server for the view of the edited text', async () => {
    vi.useFakeTimers();
    const view = alignmentView([viewCell({ id: 'cell0' })]);
    const viewed: string[] = [];
    const store = storeWith({
      getAlignmentXml: async () => xml,
      validateAlignment: async () => ({ valid: true, message: 'ok', problems: [{ code: 'W', severity: 'warning', message: 'w', line: 74, column: 13 }] }),
      getAlignmentView: async () => view,
      viewAlignmentText: async (text) => {
        viewed.push(text);
        return view;
      },
    });
    await store.getState().openStoredAlignment({ name: 'A', version: '1' });
    const broken = xml.replace('<dcelem:creator>SRIPAS</dcelem:creator>', '<dcelem:creator>SRIPAS');
    store.getState().setEditorText(broken);
    await vi.advanceTimersByTimeAsync(WELL_FORMED_DEBOUNCE_MS + 10);
    const e = store.getState().editor;
    expect(e?.wellFormed).toEqual([
      expect.objectContaining({ code: 'XML_NOT_WELL_FORMED', severity: 'error', message: expect.stringContaining('dcelem:creator') }),
    ]);
    expect(e?.wellFormed[0]?.line).toBeGreaterThan(1);
    // While the text is not well-formed its markers are the validator's, not the server's older problems.
    expect(e === undefined ? [] : editorMarkers(e)).toEqual(e?.wellFormed);
    expect(viewed).toEqual([]);
    store.getState().setEditorText(xml.replace('SRIPAS', 'Someone'));
    await vi.advanceTimersByTimeAsync(VALIDATE_DEBOUNCE_MS + 10);
    expect(store.getState().editor?.wellFormed).toEqual([]);
    expect(viewed).toEqual([xml.replace('SRIPAS', 'Someone')]);
    expect(store.getState().editor?.view.state).toBe('ready');
  });

  it("keeps the cells of the last view that the edited text's view sends again unchanged, so the list draws only what changed", async () => {
    vi.useFakeTimers();
    const cells = ['a', 'b', 'c'].map((id, i) => viewCell({ id, line: i + 1 }));
    // Each reply is new JSON, as from the server.
    const sent = (changed: string) =>
      JSON.parse(JSON.stringify(alignmentView(cells.map((c) => (c.id === changed ? { ...c, sparql: 'INSERT DATA { <x> <p> 1 }' } : c))))) as ReturnType<
        typeof alignmentView
      >;
    const store = storeWith({
      getAlignmentXml: async () => xml,
      validateAlignment: async () => ({ valid: true, message: 'ok', problems: [] }),
      getAlignmentView: async () => sent(''),
      viewAlignmentText: async () => sent('b'),
    });
    await store.getState().openStoredAlignment({ name: 'A', version: '1' });
    await vi.waitFor(() => expect(store.getState().editor?.view.state).toBe('ready'));
    const before = store.getState().editor?.view.view?.cells ?? [];
    store.getState().setEditorText(xml.replace('SRIPAS', 'Someone'));
    await vi.advanceTimersByTimeAsync(VALIDATE_DEBOUNCE_MS + 10);
    const after = store.getState().editor?.view.view?.cells ?? [];
    expect(after.map((c) => c.sparql)).toEqual(sent('b').cells.map((c) => c.sparql));
    expect(after.map((c, i) => c === before[i])).toEqual([true, false, true]);
  });

  it('stores a draft and then shows it as the stored alignment the server named by id', async () => {
    const store = storeWith({
      uploadAlignment: async () => ({ status: 'created', message: 'uploaded', problems: [], id: 7 }),
      listAlignments: async () => [{ ...info('CO_FIWARE_align'), id: 7 }],
      viewAlignmentText: async () => alignmentView([]),
      getAlignmentView: async () => alignmentView([viewCell({ id: 'cell0' })]),
    });
    store.getState().openDocument({ fileName: 'co.rdf', text: xml });
    await store.getState().uploadEditor();
    expect(store.getState().editor?.source).toEqual({ kind: 'stored', id: { name: 'CO_FIWARE_align', version: '1.0' } });
    await vi.waitFor(() => expect(store.getState().editor?.view.view?.cells).toHaveLength(1));
  });

  it('opens an invalid upload as a draft with its problems, and validates edits after a pause', async () => {
    vi.useFakeTimers();
    const validate = vi.fn(async (_text: string) => ({
      valid: false,
      message: 'still bad',
      problems: [{ code: 'P', severity: 'error' as const, message: 'p', line: 2, column: 3 }],
    }));
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
      getAlignmentView: async () => alignmentView([]),
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
      getAlignmentView: async () => alignmentView([]),
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
