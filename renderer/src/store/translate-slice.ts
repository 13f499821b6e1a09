/**
 * Translate: an ordered sequence of alignments, a message (typed or a sample), and the last run:
 * output message, payload diff and per-step trace, both from the server (POST /translation?trace=true).
 * Runs on demand and, debounced, after edits; a newer run aborts the one in flight so typing is
 * never blocked and stale answers never show.
 */
import type { AlignmentId, PayloadDiff, TranslationReply } from '../api/index.js';
import { failed, isAbort } from './operation.js';
import { IDLE, type Operation, type SliceCreator } from './types.js';

export interface Sample {
  readonly id: string;
  readonly label: string;
  readonly text: string;
}

export type PayloadDiffResult = { readonly ok: true; readonly diff: PayloadDiff } | { readonly ok: false; readonly message: string };

export interface TranslationRun {
  readonly reply: TranslationReply;
  readonly diff: PayloadDiffResult;
  readonly elapsedMs: number;
  readonly alignments: readonly AlignmentId[];
}

export interface TranslateSlice {
  readonly sequence: readonly AlignmentId[];
  readonly messageText: string;
  readonly sampleId: string | undefined;
  readonly autoRun: boolean;
  readonly translateOp: Operation;
  readonly lastRun: TranslationRun | undefined;
  addToSequence(id: AlignmentId): void;
  /** The whole chain at once (from the URL or a kept session). */
  setSequence(ids: readonly AlignmentId[]): void;
  removeFromSequence(index: number): void;
  moveInSequence(index: number, delta: -1 | 1): void;
  setMessageText(text: string): void;
  loadSample(sample: Sample): void;
  /** A message read from a file the user chose. */
  loadMessageFile(fileName: string, text: string): void;
  readonly messageFileName: string | undefined;
  setAutoRun(on: boolean): void;
  runTranslation(): Promise<void>;
}

declare module './types.js' {
  interface WorkbenchState extends TranslateSlice {}
}

export const TRANSLATE_DEBOUNCE_MS = 600;

/** The server's payload diff of a reply, or why there is none. */
export function payloadDiffOf(reply: TranslationReply): PayloadDiffResult {
  if (reply.payloadDiff !== undefined) return { ok: true, diff: reply.payloadDiff };
  // The server answers a message without payload graph as it came, with neither trace nor diff.
  if (reply.trace === undefined) return { ok: false, message: reply.message };
  return { ok: false, message: 'this server sends no payload diff with its trace' };
}

export const createTranslateSlice: SliceCreator<TranslateSlice> = (set, get, deps) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  const now = deps.now ?? (() => performance.now());

  const scheduleRun = () => {
    clearTimeout(timer);
    if (!get().autoRun || get().messageText.trim() === '') return;
    timer = setTimeout(() => void get().runTranslation(), TRANSLATE_DEBOUNCE_MS);
  };

  return {
    sequence: [],
    messageText: '',
    sampleId: undefined,
    messageFileName: undefined,
    autoRun: true,
    translateOp: IDLE,
    lastRun: undefined,

    addToSequence(id) {
      set((s) => ({ sequence: [...s.sequence, id] }));
      scheduleRun();
    },

    setSequence(ids) {
      set({ sequence: ids.map((a) => ({ name: a.name, version: a.version })) });
      scheduleRun();
    },

    removeFromSequence(index) {
      set((s) => ({ sequence: s.sequence.filter((_, i) => i !== index) }));
      scheduleRun();
    },

    moveInSequence(index, delta) {
      const target = index + delta;
      const seq = [...get().sequence];
      const a = seq[index];
      const b = seq[target];
      if (a === undefined || b === undefined) return;
      seq[index] = b;
      seq[target] = a;
      set({ sequence: seq });
      scheduleRun();
    },

    setMessageText(messageText) {
      set({ messageText });
      scheduleRun();
    },

    loadSample(sample) {
      set({ messageText: sample.text, sampleId: sample.id, messageFileName: undefined });
      scheduleRun();
    },

    loadMessageFile(messageFileName, messageText) {
      set({ messageText, messageFileName, sampleId: undefined });
      scheduleRun();
    },

    setAutoRun(autoRun) {
      set({ autoRun });
      if (autoRun) scheduleRun();
      else clearTimeout(timer);
    },

    async runTranslation() {
      clearTimeout(timer);
      inFlight?.abort();
      const controller = new AbortController();
      inFlight = controller;
      const { sequence, messageText } = get();
      const alignments = sequence.map((a) => ({ name: a.name, version: a.version }));
      set({ translateOp: { state: 'running' } });
      const started = now();
      try {
        const reply = await get().api.translate({ alignIDs: alignments, graphStr: messageText }, controller.signal);
        if (controller.signal.aborted) return;
        const run: TranslationRun = { reply, diff: payloadDiffOf(reply), elapsedMs: now() - started, alignments };
        set({ lastRun: run, translateOp: { state: 'done', message: reply.message } });
      } catch (error) {
        if (isAbort(error) || controller.signal.aborted) return;
        // The previous result stays visible (marked stale by the UI) next to the server's message.
        set({ translateOp: failed(error) });
      } finally {
        if (inFlight === controller) inFlight = undefined;
      }
    },
  };
};
