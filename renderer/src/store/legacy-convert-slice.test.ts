import { describe, expect, it } from 'vitest';
import { ApiError, type Problem } from '../api/index.js';
import { alignmentView } from './alignment-view.test-support.js';
import { flush, storeWith } from './fake-api.test-support.js';
import { convertedFileName, hasLegacyProblem, toTurtleCells } from './legacy-convert-slice.js';
import { fakeApi } from './fake-api.test-support.js';

const LEGACY = '<Alignment name="A" version="1"/>';
const legacyProblem: Problem = { severity: 'error', code: 'LEGACY_FORMAT', message: 'this file is a legacy alignment', line: 1, column: 1 };
const refusal = () => new ApiError('cannot convert', 500, 'CONVERSION_FAILED', [legacyProblem]);

describe('converting legacy alignments', () => {
  it('opens the server’s conversion in the editor as a draft named after the file, ready to upload', async () => {
    const calls: string[] = [];
    const store = storeWith({
      convertAlignment: async (text, to) => {
        calls.push(`${to}:${text}`);
        return '<rdf:RDF>converted</rdf:RDF>';
      },
      validateAlignment: async () => ({ valid: true, message: 'valid', problems: [] }),
      viewAlignmentText: async () => alignmentView([], { name: 'A', version: '1' }),
    });
    await store.getState().convertLegacyDocument('weight legacy.xml', LEGACY);
    await flush();
    expect(calls).toEqual([`IPSM-AF:${LEGACY}`]);
    const editor = store.getState().editor;
    expect(editor?.text).toBe('<rdf:RDF>converted</rdf:RDF>');
    expect(editor?.source).toEqual({ kind: 'draft', label: 'weight-legacy-ipsm-af.rdf' });
    expect(store.getState().legacyConvert?.op).toMatchObject({ state: 'done', message: expect.stringContaining('then Upload') });
  });

  it('a refusal names the file and keeps the editor as it was', async () => {
    const store = storeWith({ convertAlignment: async () => Promise.reject(new ApiError('line 3, column 5: no steps', 500, 'CONVERSION_FAILED')) });
    await store.getState().convertLegacyDocument('bad.xml', LEGACY);
    expect(store.getState().editor).toBeUndefined();
    const op = store.getState().legacyConvert?.op;
    expect(op).toMatchObject({ state: 'failed' });
    expect(op?.state === 'failed' ? op.message : '').toBe('“bad.xml” could not be converted: line 3, column 5: no steps');
  });

  it('Turtle cells of a legacy document: IPSM-AF first, then Turtle, instead of the 500', async () => {
    const calls: string[] = [];
    const api = fakeApi({
      convertAlignment: async (text, to) => {
        calls.push(to);
        if (to === 'TTL' && text === LEGACY) throw refusal();
        return to === 'IPSM-AF' ? 'ipsm-af' : `ttl(${text})`;
      },
    });
    expect(await toTurtleCells(api, LEGACY)).toBe('ttl(ipsm-af)');
    expect(calls).toEqual(['TTL', 'IPSM-AF', 'TTL']);
    // Any other failure is the user's to see, not retried.
    const other = fakeApi({ convertAlignment: async () => Promise.reject(new ApiError('bad cell', 500, 'CONVERSION_FAILED')) });
    await expect(toTurtleCells(other, '<rdf:RDF/>')).rejects.toThrow('bad cell');
  });

  it('reads the legacy rule from the server’s problems and names the result after the file', () => {
    expect(hasLegacyProblem([legacyProblem])).toBe(true);
    expect(hasLegacyProblem([{ ...legacyProblem, code: 'NOT_RDF_XML' }])).toBe(false);
    expect(convertedFileName('CO_FIWARE_legacy.xml')).toBe('CO_FIWARE_legacy-ipsm-af.rdf');
    expect(convertedFileName('Pasted XML')).toBe('Pasted-XML-ipsm-af.rdf');
    expect(convertedFileName('.xml')).toBe('alignment-ipsm-af.rdf');
  });
});
