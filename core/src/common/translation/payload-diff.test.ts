/**
 * The payload diff of the translation trace: counts of the golden UniversAAL_CO -> CO_FIWARE chain,
 * blank nodes matched by shape, display forms prefixed with the message's @context.
 */
import { describe, expect, it } from 'vitest';
import { Value } from 'typebox/value';
import { PayloadDiff } from '../api/payload-diff.js';
import { compileAlignment } from './compile-alignment.js';
import { factory, MESSAGE_GRAPHS, NS, type RDF } from '../rdf/terms.js';
import { goldenFile, readData } from '../../test-support/shared-data.js';
import { readMessage, translateMessage } from './index.js';
import { payloadDiff } from './payload-diff.js';

const PAIR = 'weight__UniversAAL_CO__CO_FIWARE';

function payloadOf(quads: readonly RDF.Quad[]): RDF.Quad[] {
  return quads.filter((q) => q.graph.termType === 'NamedNode' && q.graph.value === MESSAGE_GRAPHS.payload);
}

const ex = (local: string) => factory.namedNode(`http://ex.org/${local}`);
const triple = (s: RDF.Quad['subject'], p: string, o: RDF.Quad['object']) => factory.quad(s, ex(p), o);

describe('payloadDiff', () => {
  it('counts removed and added triples of the golden UniversAAL_CO -> CO_FIWARE chain', async () => {
    const input = await readMessage(goldenFile(PAIR, 'input.json'));
    const output = await readMessage(goldenFile(PAIR, 'output.json'));
    const diff = payloadDiff(payloadOf(input.quads), payloadOf(output.quads), output.prefixes);
    expect(diff).toMatchObject({ before: 23, after: 35, unchanged: 8, removedCount: 15, addedCount: 27, blankNodes: 'shape' });
    expect(diff.removed).toHaveLength(15);
    expect(diff.added).toHaveLength(27);
    expect(Value.Check(PayloadDiff, diff)).toBe(true);
  });

  it('is in the trace of a translation, the same as comparing the reference output', async () => {
    const alignments = [await compileAlignment(readData('alignments/UniversAAL_CO.rdf')), await compileAlignment(readData('alignments/CO_FIWARE.rdf'))];
    const result = await translateMessage(goldenFile(PAIR, 'input.json'), alignments, { trace: true });
    expect(result.payloadDiff).toMatchObject({ before: 23, after: 35, unchanged: 8, removedCount: 15, addedCount: 27 });
    expect((await translateMessage(goldenFile(PAIR, 'input.json'), alignments)).payloadDiff).toBeUndefined();
    const empty = await translateMessage(readData('messages/emptyPayload.json'), alignments, { trace: true });
    expect(empty.payloadDiff).toBeUndefined();
  });

  it('matches blank nodes by shape, as a multiset, and counts a repeated triple once', () => {
    const one = factory.literal('1');
    const before = [
      triple(factory.blankNode('a'), 'p', one),
      triple(factory.blankNode('b'), 'p', one),
      triple(ex('x'), 'p', factory.literal('2')),
      triple(ex('x'), 'p', factory.literal('2')),
    ];
    const after = [triple(factory.blankNode('z'), 'p', one), triple(ex('x'), 'p', factory.literal('3'))];
    const diff = payloadDiff(before, after, [['ex', 'http://ex.org/']]);
    expect(diff).toMatchObject({ before: 3, after: 2, unchanged: 1, removedCount: 2, addedCount: 1 });
    expect(diff.removed.map((t) => t.display)).toEqual(['[] ex:p "1" .', 'ex:x ex:p "2" .']);
    expect(diff.removed.map((t) => t.nt)).toEqual(['[] <http://ex.org/p> "1" .', '<http://ex.org/x> <http://ex.org/p> "2" .']);
    expect(diff.added).toEqual([{ nt: '<http://ex.org/x> <http://ex.org/p> "3" .', display: 'ex:x ex:p "3" .' }]);
  });

  it('writes display forms with the prefixes given, rdf:type as `a`, and full IRIs otherwise', () => {
    const typed = factory.literal('72.5', factory.namedNode(`${NS.xsd}double`));
    const after = [factory.quad(ex('m'), factory.namedNode(`${NS.rdf}type`), factory.namedNode('http://other.org/T')), triple(ex('m'), 'v', typed)];
    const diff = payloadDiff([], after, [
      ['ex', 'http://ex.org/'],
      ['xsd', NS.xsd],
    ]);
    expect(diff.added.map((t) => t.display)).toEqual(['ex:m a <http://other.org/T> .', 'ex:m ex:v "72.5"^^xsd:double .']);
  });

  it('lists at most `limit` triples per side and keeps the counts whole', () => {
    const after = Array.from({ length: 5 }, (_, i) => triple(ex(`s${i}`), 'p', ex('o')));
    const diff = payloadDiff([], after, [], { limit: 2 });
    expect(diff).toMatchObject({ addedCount: 5, limit: 2 });
    expect(diff.added).toHaveLength(2);
  });
});

describe('payload diff of a traced translation (issue 25, point 7)', () => {
  it('names the cell that removed each removed triple, and uses the alignments’ own prefixes', async () => {
    const chain = [
      await compileAlignment(readData('alignments/UniversAAL_CO.rdf'), { source: 'UniversAAL_CO.rdf' }),
      await compileAlignment(readData('alignments/CO_FIWARE.rdf'), { source: 'CO_FIWARE.rdf' }),
    ];
    const result = await translateMessage(readData('messages/weight.json'), chain, { trace: true });
    const diff = result.payloadDiff!;
    expect(diff.removedCount).toBeGreaterThan(0);
    // Every input triple the output lacks was removed by some cell: each names it.
    expect(diff.removed.filter((t) => t.removedBy === undefined)).toEqual([]);
    const cells = new Set(result.trace!.filter((t) => t.deleted > 0).map((t) => `${t.alignment} ${t.cellId}`));
    for (const t of diff.removed) expect(cells).toContain(`${t.removedBy!.alignment} ${t.removedBy!.cellId}`);
    // Names come from the alignments' declarations (fw:, phd:), not the message's generated ns1:..ns5:
    // (those stay only for namespaces no alignment declares: the message's own instances).
    const displays = [...diff.removed, ...diff.added].map((t) => t.display).join('\n');
    expect(displays).toContain('fw:');
    const declared = new Set(chain.flatMap((a) => a.alignment.prefixes.map(([, iri]) => iri)));
    const message = await readMessage(readData('messages/weight.json'));
    const shadowed = message.prefixes.filter(([name, iri]) => /^ns\d+$/.test(name) && declared.has(iri)).map(([name]) => name);
    expect(shadowed.length).toBeGreaterThan(0);
    for (const name of shadowed) expect(displays).not.toContain(`${name}:`);
  });
});
