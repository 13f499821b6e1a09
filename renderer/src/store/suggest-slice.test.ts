import { describe, expect, it } from 'vitest';
import type { AlignmentInfo, SuggestionReply, SuggestionRequest } from '../api/index.js';
import { storeWith } from './fake-api.test-support.js';
import { withDocumentTitle } from './suggest-slice.js';

const A = { name: 'A', version: '1.0' };
const XML = '<align:Alignment><dcelem:title>suggested_alignment</dcelem:title><exmo:version>1.0</exmo:version></align:Alignment>';

const reply = (questions: SuggestionReply['questions']): SuggestionReply => ({
  alignment: XML,
  questions,
  remaining: [],
  expectedPayloads: ['<urn:a> <urn:b> "1" .\n'],
});

const question: SuggestionReply['questions'][number] = {
  id: 'q-1',
  kind: 'ambiguous-source',
  example: 0,
  value: '"7"',
  triple: '<urn:m> <urn:level> "7" .',
  message: 'ambiguous',
  candidates: [
    { id: 'c-low', source: '<urn:m> <urn:low>', value: '"7"', transform: 'the same text' },
    { id: 'c-high', source: '<urn:m> <urn:high>', value: '"7"', transform: 'the same text' },
  ],
  chosen: 'c-high',
};

describe('suggest slice', () => {
  it('answering re-requests the same example with every answer so far, a later answer replacing an earlier one', async () => {
    const requests: SuggestionRequest[] = [];
    const store = storeWith({
      suggestAlignment: async (request) => {
        requests.push(request);
        return reply(request.answers === undefined ? [question] : []);
      },
    });
    store.getState().setAutoRun(false);
    store.getState().setMessageText('IN');
    await store.getState().requestSuggestion('OUT', 'mine', '0.1');
    expect(store.getState().suggestOp).toEqual({ state: 'done', message: 'Suggested; 1 open question(s)' });
    store.getState().setMessageText('EDITED LATER');
    await store.getState().answerSuggestionQuestions([{ question: 'q-1', choice: 'c-low' }]);
    await store.getState().answerSuggestionQuestions([{ question: 'q-1', choice: 'c-high' }]);
    expect(requests.map((r) => [r.examples, r.name, r.version, r.answers])).toEqual([
      [[{ input: 'IN', output: 'OUT' }], 'mine', '0.1', undefined],
      [[{ input: 'IN', output: 'OUT' }], 'mine', '0.1', [{ question: 'q-1', choice: 'c-low' }]],
      [[{ input: 'IN', output: 'OUT' }], 'mine', '0.1', [{ question: 'q-1', choice: 'c-high' }]],
    ]);
    expect(store.getState().suggestOp).toEqual({ state: 'done', message: 'Suggested; no open questions' });
  });

  it('saves as a new version of an alignment of the chain, which takes its place; the example becomes a case expecting the wanted payload', async () => {
    const uploaded: string[] = [];
    const cases: unknown[] = [];
    const stored: AlignmentInfo[] = [];
    const store = storeWith({
      suggestAlignment: async () => reply([]),
      uploadAlignment: async (xml) => {
        uploaded.push(xml);
        return { status: 'created', message: 'uploaded', problems: [] };
      },
      listAlignments: async () => stored,
      listSuites: async () => [],
      createSuite: async (name) => ({ name, caseCount: 0, createdAt: 0 }),
      addTestCase: async (suite, testCase) => {
        cases.push([suite, testCase]);
        return { ...testCase, expectedPayload: testCase.expectedPayload ?? '' };
      },
    });
    store.getState().setAutoRun(false);
    store.getState().addToSequence(A);
    store.getState().setMessageText('IN');
    await store.getState().requestSuggestion('OUT', '', '');
    expect(await store.getState().saveSuggestion({ kind: 'version', of: A })).toBe(true);
    expect(uploaded).toEqual(['<align:Alignment><dcelem:title>A</dcelem:title><exmo:version>1.0.1</exmo:version></align:Alignment>']);
    expect(store.getState().sequence).toEqual([{ name: 'A', version: '1.0.1' }]);
    expect(await store.getState().saveSuggestionAsCase('examples', 'one')).toBe(true);
    expect(cases).toEqual([
      ['examples', { name: 'one', alignments: [{ name: 'A', version: '1.0.1' }], message: 'IN', expectedPayload: '<urn:a> <urn:b> "1" .\n' }],
    ]);
  });

  it('a refused upload is a failed save', async () => {
    const store = storeWith({
      suggestAlignment: async () => reply([]),
      uploadAlignment: async () => ({ status: 'conflict', message: 'taken', problems: [] }),
    });
    store.getState().setAutoRun(false);
    store.getState().setMessageText('IN');
    await store.getState().requestSuggestion('OUT', '', '');
    expect(await store.getState().saveSuggestion({ kind: 'new' })).toBe(false);
    expect(store.getState().saveSuggestionOp).toEqual({ state: 'failed', message: 'taken' });
  });

  it('cells added to the open alignment need one open', async () => {
    const store = storeWith({ suggestAlignment: async () => reply([]) });
    store.getState().setAutoRun(false);
    store.getState().setMessageText('IN');
    await store.getState().requestSuggestion('OUT', '', '');
    expect(await store.getState().saveSuggestion({ kind: 'cells' })).toBe(false);
    expect(store.getState().saveSuggestionOp).toEqual({ state: 'failed', message: 'No alignment is open: open one on the Alignments screen first' });
  });

  it('withDocumentTitle escapes the name and leaves a document without a title alone', () => {
    expect(withDocumentTitle('<dcelem:title>x</dcelem:title>', 'a<b&c')).toBe('<dcelem:title>a&lt;b&amp;c</dcelem:title>');
    expect(withDocumentTitle('<x/>', 'a')).toBeUndefined();
  });
});
