// @vitest-environment jsdom
import { readCells } from '@mediator/core/authoring';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorkbenchStore } from './workbench-store.js';
import { fakeApi } from './fake-api.test-support.js';
import { PREVIEW_DEBOUNCE_MS, UNDO_GROUP_MS } from './cell-authoring-slice.js';

afterEach(() => vi.useRealTimers());

/** A store whose clock the test moves; validation and views are left unanswered (never settle). */
function store() {
  let clock = 0;
  const never = () => new Promise<never>(() => undefined);
  const s = createWorkbenchStore({
    makeApi: () => fakeApi({ validateAlignment: never, viewAlignmentText: never }),
    now: () => clock,
  });
  return { s, tick: (ms: number) => (clock += ms) };
}

const text = (s: ReturnType<typeof store>['s']) => s.getState().editor?.text ?? '';

describe('cell authoring', () => {
  it('makes a new alignment, adds a cell and fills it; one history undoes form and source edits in order', () => {
    vi.useFakeTimers();
    const { s, tick } = store();
    s.getState().createAlignment(' Demo ', '1.0');
    expect(s.getState().editor?.source).toEqual({ kind: 'draft', label: 'New alignment' });
    const empty = text(s);
    expect(empty).toContain('<dcelem:title>Demo</dcelem:title>');

    s.getState().editCells({ kind: 'add' });
    const added = text(s);
    expect(readCells(added)).toHaveLength(1);

    // Typing in one field: keystrokes close together are one undo step.
    for (const value of ['v', 'va', 'var:x a iiot:A .']) {
      tick(100);
      s.getState().editCells({ kind: 'set-text', index: 0, field: 'entity1', value }, 'entity1:0');
    }
    const typed = text(s);
    expect(readCells(typed)[0]?.entity1).toBe('var:x a iiot:A .');

    // Then an edit in the source editor, later.
    tick(UNDO_GROUP_MS + 1);
    s.getState().setEditorText(typed.replace('Demo', 'Demo2'));
    expect(s.getState().history.past).toHaveLength(3);

    s.getState().undoEdit();
    expect(text(s)).toBe(typed);
    s.getState().undoEdit();
    expect(text(s)).toBe(added);
    s.getState().redoEdit();
    expect(text(s)).toBe(typed);
    s.getState().undoEdit();
    s.getState().undoEdit();
    expect(text(s)).toBe(empty);
    s.getState().undoEdit();
    expect(text(s)).toBe(empty);
    // A new edit drops what could be redone.
    s.getState().editCells({ kind: 'add' });
    expect(s.getState().history.future).toEqual([]);
  });

  it('previews the chosen message through the unsaved text, again after each edit (debounced), and keeps the last good one on a refusal', async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const never = () => new Promise<never>(() => undefined);
    const s = createWorkbenchStore({
      makeApi: () =>
        fakeApi({
          validateAlignment: never,
          viewAlignmentText: never,
          previewTranslation: async (alignment, graphStr) => {
            sent.push(alignment);
            if (alignment.includes('broken')) throw new Error('the alignment has errors');
            return { message: 'Message translation successful', graphStr };
          },
        }),
    });
    s.getState().createAlignment('P', '1');
    s.getState().choosePreviewMessage({ label: 'm', text: '{}' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(s.getState().preview.state).toBe('done');
    for (const _ of [1, 2, 3]) {
      s.getState().editCells({ kind: 'add' });
      s.getState().schedulePreview();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS);
    expect(sent).toHaveLength(2);
    expect(readCells(sent[1] ?? '')).toHaveLength(3);
    s.getState().setEditorText(`${text(s)}<!-- broken -->`);
    s.getState().schedulePreview();
    await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS);
    expect(s.getState().preview).toMatchObject({ state: 'failed', message: 'the alignment has errors', reply: { message: 'Message translation successful' } });
    s.getState().choosePreviewMessage(undefined);
    s.getState().schedulePreview();
    await vi.advanceTimersByTimeAsync(PREVIEW_DEBOUNCE_MS);
    expect(sent).toHaveLength(3);
  });

  it('says why an edit cannot be written and keeps the text', () => {
    const { s } = store();
    s.getState().openDocument({ fileName: 'x.rdf', text: '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><a>' });
    s.getState().editCells({ kind: 'add' });
    expect(s.getState().cellEditError).toMatch(/never closed/);
    expect(text(s)).toContain('<a>');
    expect(s.getState().history.past).toEqual([]);
  });
});
