/**
 * Cells from examples on Translate (issue 30): the current message and the output the engineer
 * wants for it go to POST /suggestions; the answer (a suggested alignment, its questions, what
 * still differs) is kept with the answers given so far, so that answering a question re-requests
 * the same example. The suggestion is saved as a new alignment, as a new version of an alignment
 * of the chain (which then takes its place in the chain), or as cells added to the alignment open
 * in the editor (where the engineer reviews and saves them); the example becomes a suite case
 * whose expected payload is the wanted output.
 */
import type { AlignmentId, SuggestionAnswer, SuggestionReply } from '../api/index.js';
import { nextVersion, withDocumentVersion } from './next-version.js';
import { mergeSuggestedCells } from './merge-cells.js';
import { failed } from './operation.js';
import { IDLE, type Operation, type SliceCreator } from './types.js';

export interface SuggestionState {
  /** The example the reply is for: the message and the wanted output, as sent. */
  readonly input: string;
  readonly expected: string;
  readonly name: string;
  readonly version: string;
  /** Examples after the first (issue 41): more pairs make a more general suggestion and remove questions. */
  readonly more: readonly SuggestionPair[];
  readonly answers: readonly SuggestionAnswer[];
  readonly reply: SuggestionReply;
}

/** One more example: an input message and the output wanted for it. */
export interface SuggestionPair {
  readonly input: string;
  readonly expected: string;
}

/** A new alignment; a new version of an alignment of the chain; or cells added to the alignment open in the editor (saved there). */
export type SuggestionTarget = { readonly kind: 'new' } | { readonly kind: 'version'; readonly of: AlignmentId } | { readonly kind: 'cells' };

export interface SuggestSlice {
  readonly suggestOp: Operation;
  readonly suggestion: SuggestionState | undefined;
  readonly saveSuggestionOp: Operation;
  readonly suggestionCaseOp: Operation;
  /** Suggests cells that translate the current message to `expected`, and each of `more` to its wanted output. */
  requestSuggestion(expected: string, name: string, version: string, more?: readonly SuggestionPair[]): Promise<void>;
  /** Re-requests the same example with these answers added (a later answer to a question replaces an earlier one). */
  answerSuggestionQuestions(answers: readonly SuggestionAnswer[]): Promise<void>;
  saveSuggestion(target: SuggestionTarget): Promise<boolean>;
  saveSuggestionAsCase(suite: string, name: string): Promise<boolean>;
  closeSuggestion(): void;
}

declare module './types.js' {
  interface WorkbenchState extends SuggestSlice {}
}

const TITLE = /(<dcelem:title\b[^>]*>)([^<]*)(<\/dcelem:title>)/;

/** The document with its dcelem:title set to `name` (the alignment's name), or undefined when it declares none. */
export function withDocumentTitle(xml: string, name: string): string | undefined {
  if (!TITLE.test(xml)) return undefined;
  const escaped = name.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return xml.replace(TITLE, (_all, open: string, _old: string, close: string) => `${open}${escaped}${close}`);
}

export const createSuggestSlice: SliceCreator<SuggestSlice> = (set, get) => {
  async function request(
    input: string,
    expected: string,
    name: string,
    version: string,
    answers: readonly SuggestionAnswer[],
    more: readonly SuggestionPair[],
  ): Promise<void> {
    set({ suggestOp: { state: 'running' } });
    try {
      const reply = await get().api.suggestAlignment({
        examples: [{ input, output: expected }, ...more.map((m) => ({ input: m.input, output: m.expected }))],
        ...(name.trim() === '' ? {} : { name: name.trim() }),
        ...(version.trim() === '' ? {} : { version: version.trim() }),
        ...(answers.length === 0 ? {} : { answers: [...answers] }),
      });
      const open = reply.questions.length;
      const missed = reply.remaining.filter((d) => d.removedCount + d.addedCount > 0).length;
      const reproduced =
        more.length === 0 ? '' : missed === 0 ? `; all ${more.length + 1} examples reproduced` : `; ${missed} of ${more.length + 1} examples not reproduced`;
      set({
        suggestion: { input, expected, name, version, more, answers, reply },
        suggestOp: { state: 'done', message: `Suggested; ${open === 0 ? 'no open questions' : `${open} open question(s)`}${reproduced}` },
        saveSuggestionOp: IDLE,
      });
    } catch (error) {
      set({ suggestOp: failed(error) });
    }
  }

  return {
    suggestOp: IDLE,
    suggestion: undefined,
    saveSuggestionOp: IDLE,
    suggestionCaseOp: IDLE,

    async requestSuggestion(expected, name, version, more = []) {
      await request(get().messageText, expected, name, version, [], more);
    },

    async answerSuggestionQuestions(answers) {
      const current = get().suggestion;
      if (current === undefined) return;
      const merged = new Map(current.answers.map((a) => [a.question, a.choice]));
      for (const a of answers) merged.set(a.question, a.choice);
      await request(
        current.input,
        current.expected,
        current.name,
        current.version,
        [...merged].map(([question, choice]) => ({ question, choice })),
        current.more,
      );
    },

    async saveSuggestion(target) {
      const current = get().suggestion;
      if (current === undefined) return false;
      let xml = current.reply.alignment;
      if (target.kind === 'cells') {
        const editor = get().editor;
        if (editor === undefined) {
          set({ saveSuggestionOp: { state: 'failed', message: 'No alignment is open: open one on the Alignments screen first' } });
          return false;
        }
        const merged = mergeSuggestedCells(editor.text, xml);
        if (!merged.ok) {
          set({ saveSuggestionOp: { state: 'failed', message: `The cells cannot be added: ${merged.message}` } });
          return false;
        }
        get().setEditorText(merged.xml);
        const where = editor.source.kind === 'stored' ? `${editor.source.id.name} ${editor.source.id.version}` : editor.source.label;
        set({
          saveSuggestionOp: { state: 'done', message: `Added ${merged.added} cell(s) to ${where} in the editor: review and save it on the Alignments screen` },
        });
        return true;
      }
      let id: AlignmentId | undefined;
      if (target.kind === 'version') {
        const taken = get()
          .alignments.filter((a) => a.name === target.of.name)
          .map((a) => a.version);
        const version = nextVersion(target.of.version, taken);
        const renamed = withDocumentTitle(xml, target.of.name);
        xml = (renamed === undefined ? undefined : withDocumentVersion(renamed, version)) ?? xml;
        id = { name: target.of.name, version };
      }
      set({ saveSuggestionOp: { state: 'running' } });
      try {
        const result = await get().api.uploadAlignment(xml);
        if (result.status !== 'created' && result.status !== 'exists') {
          set({ saveSuggestionOp: { state: 'failed', message: result.message } });
          return false;
        }
        await get().loadAlignments();
        if (target.kind === 'version' && id !== undefined) {
          const newId = id;
          get().setSequence(get().sequence.map((a) => (a.name === target.of.name && a.version === target.of.version ? newId : a)));
        }
        const what = id === undefined ? 'a new alignment' : `version ${id.version} of ${id.name}, in its place in the chain`;
        set({ saveSuggestionOp: { state: 'done', message: `Saved as ${what}: ${result.message}` } });
        return true;
      } catch (error) {
        set({ saveSuggestionOp: failed(error) });
        return false;
      }
    },

    async saveSuggestionAsCase(suite, name) {
      const current = get().suggestion;
      if (current === undefined) return false;
      const { api, sequence } = get();
      set({ suggestionCaseOp: { state: 'running' } });
      try {
        if (!get().suites.some((s) => s.name === suite)) {
          const known = await api.listSuites();
          if (!known.some((s) => s.name === suite)) await api.createSuite(suite);
        }
        const expectedPayload = current.reply.expectedPayloads[0];
        await api.addTestCase(suite, {
          name,
          alignments: [...sequence],
          message: current.input,
          ...(expectedPayload === undefined ? {} : { expectedPayload }),
        });
        set({ suggestionCaseOp: { state: 'done', message: `Saved “${name}” in suite “${suite}”, expecting the wanted output` } });
        await get().loadSuites();
        return true;
      } catch (error) {
        set({ suggestionCaseOp: failed(error) });
        return false;
      }
    },

    closeSuggestion() {
      set({ suggestion: undefined, suggestOp: IDLE, saveSuggestionOp: IDLE, suggestionCaseOp: IDLE });
    },
  };
};
