import { afterEach, describe, expect, it, vi } from 'vitest';
import input from '../../../../shared/data/golden/weight__UniversAAL_CO__CO_FIWARE/input.json?raw';
import output from '../../../../shared/data/golden/weight__UniversAAL_CO__CO_FIWARE/output.json?raw';
import { ApiError, type PayloadDiff, type TranslationRequest } from '../api/index.js';
import { storeWith } from './fake-api.test-support.js';
import { payloadDiffOf, TRANSLATE_DEBOUNCE_MS } from './translate-slice.js';

const A = { name: 'A', version: '1' };
const B = { name: 'B', version: '2' };
const C = { name: 'C', version: '3' };

afterEach(() => vi.useRealTimers());

describe('translate slice', () => {
  it('keeps an ordered sequence: add, reorder, remove', () => {
    const store = storeWith({});
    store.getState().setAutoRun(false);
    for (const id of [A, B, C]) store.getState().addToSequence(id);
    store.getState().moveInSequence(2, -1);
    expect(store.getState().sequence).toEqual([A, C, B]);
    store.getState().moveInSequence(0, -1);
    expect(store.getState().sequence).toEqual([A, C, B]);
    store.getState().removeFromSequence(0);
    expect(store.getState().sequence).toEqual([C, B]);
  });

  it("runs the sequence in order and shows the server's payload diff", async () => {
    const requests: TranslationRequest[] = [];
    const payloadDiff: PayloadDiff = {
      before: 23,
      after: 35,
      unchanged: 8,
      removedCount: 15,
      addedCount: 27,
      removed: [],
      added: [],
      limit: 2000,
      blankNodes: 'shape',
    };
    const store = storeWith({
      translate: async (request) => {
        requests.push(request);
        return { message: 'Message translation successful', graphStr: output, trace: [], payloadDiff };
      },
    });
    store.getState().setAutoRun(false);
    store.getState().addToSequence(A);
    store.getState().addToSequence(B);
    store.getState().setMessageText(input);
    await store.getState().runTranslation();
    expect(requests).toEqual([{ alignIDs: [A, B], graphStr: input }]);
    expect(store.getState().lastRun?.diff).toEqual({ ok: true, diff: payloadDiff });
    expect(store.getState().translateOp).toEqual({ state: 'done', message: 'Message translation successful' });
  });

  it('says why there is no payload diff: a message without payload, or a server that sends none', () => {
    expect(payloadDiffOf({ message: 'Message with empty payload received - no translation applied', graphStr: '{}' })).toEqual({
      ok: false,
      message: 'Message with empty payload received - no translation applied',
    });
    expect(payloadDiffOf({ message: 'ok', graphStr: '{}', trace: [] })).toMatchObject({ ok: false, message: expect.stringContaining('no payload diff') });
  });

  it('runs once, debounced, after a burst of edits', async () => {
    vi.useFakeTimers();
    const translate = vi.fn(async (r: TranslationRequest) => ({ message: 'ok', graphStr: r.graphStr }));
    const store = storeWith({ translate });
    for (const text of ['{', '{}', '{"a":1}']) store.getState().setMessageText(text);
    await vi.advanceTimersByTimeAsync(TRANSLATE_DEBOUNCE_MS - 50);
    expect(translate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(100);
    expect(translate).toHaveBeenCalledOnce();
    expect(translate.mock.calls[0]?.[0].graphStr).toBe('{"a":1}');
  });

  it('aborts the run in flight when a new one starts; only the newest answer shows', async () => {
    const resolvers: Array<(v: { message: string; graphStr: string }) => void> = [];
    const signals: AbortSignal[] = [];
    const store = storeWith({
      translate: (_r, signal) => {
        if (signal) signals.push(signal);
        return new Promise((resolve) => resolvers.push(resolve));
      },
    });
    store.getState().setAutoRun(false);
    store.getState().setMessageText('{}');
    const first = store.getState().runTranslation();
    const second = store.getState().runTranslation();
    expect(signals[0]?.aborted).toBe(true);
    resolvers[1]?.({ message: 'second', graphStr: '{}' });
    resolvers[0]?.({ message: 'first', graphStr: '{}' });
    await Promise.all([first, second]);
    expect(store.getState().lastRun?.reply.message).toBe('second');
  });

  it('keeps the message and the previous result when the server refuses', async () => {
    let fail = false;
    const store = storeWith({
      translate: async () => {
        if (fail) throw new ApiError('Exception parsing message: Unexpected token', 400, 'PARSE_ERROR');
        return { message: 'ok', graphStr: '{}' };
      },
    });
    store.getState().setAutoRun(false);
    store.getState().setMessageText('{}');
    await store.getState().runTranslation();
    fail = true;
    store.getState().setMessageText('{ broken');
    await store.getState().runTranslation();
    expect(store.getState().translateOp).toEqual({ state: 'failed', message: 'Exception parsing message: Unexpected token' });
    expect(store.getState().messageText).toBe('{ broken');
    expect(store.getState().lastRun?.reply.message).toBe('ok');
  });

  it('loads a message file, forgetting the sample', () => {
    const store = storeWith({});
    store.getState().setAutoRun(false);
    store.getState().loadSample({ id: 'weight', label: 'Weight', text: '{}' });
    store.getState().loadMessageFile('mine.json', '{"a":1}');
    expect(store.getState()).toMatchObject({ sampleId: undefined, messageFileName: 'mine.json', messageText: '{"a":1}' });
  });

  it('loads a sample as the message', () => {
    const store = storeWith({});
    store.getState().setAutoRun(false);
    store.getState().loadSample({ id: 'weight', label: 'Weight', text: input });
    expect(store.getState()).toMatchObject({ sampleId: 'weight', messageText: input });
  });
});
