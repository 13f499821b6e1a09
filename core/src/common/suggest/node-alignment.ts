/**
 * Aligns the nodes of an example's input payload with those of its wanted output (issue 30), then
 * diffs the two under that alignment. IRIs align by identity. Blank nodes have no identity across
 * documents, so an input blank node is paired with the output blank node it shares the most with:
 * the same (predicate, value) pairs, the same values under any predicate, the same lexical forms
 * (a retyped value), and, as pairs are decided, the same neighbours. Pairs are decided one at a
 * time, best first, so that a pair found from values guides the pairs found only from structure
 * (a BodyCloud object shares no value with its observation, only the result under it does).
 */
import { RDF_TYPE, factory, termKey, type RDF } from '../rdf/terms.js';

export interface PayloadChanges {
  /** Input triples, blank nodes relabelled `i_...` (never equal to an output label). */
  readonly input: readonly RDF.Quad[];
  /** Output triples, blank nodes relabelled `o_...`. */
  readonly output: readonly RDF.Quad[];
  /** Input blank-node label -> the output blank node it became. */
  readonly blankToOutput: ReadonlyMap<string, RDF.BlankNode>;
  /** Output blank-node label -> the input blank node it was. */
  readonly blankToInput: ReadonlyMap<string, RDF.BlankNode>;
  /** Input triples (input terms) whose image is not in the output. */
  readonly deleted: readonly RDF.Quad[];
  /** Output triples (output terms) that are not the image of an input triple. */
  readonly added: readonly RDF.Quad[];
}

/** Pairs decided one by one cost a quadratic scan each; past this many blank nodes one pass decides all. */
const ITERATIVE_LIMIT = 200;

function relabel(quads: readonly RDF.Quad[], tag: string): RDF.Quad[] {
  const term = <T extends RDF.Term>(t: T): T => (t.termType === 'BlankNode' ? (factory.blankNode(`${tag}_${t.value}`) as unknown as T) : t);
  return quads.map((q) => factory.quad(term(q.subject), q.predicate, term(q.object)));
}

function blanksOf(quads: readonly RDF.Quad[]): string[] {
  const seen = new Set<string>();
  for (const q of quads) {
    if (q.subject.termType === 'BlankNode') seen.add(q.subject.value);
    if (q.object.termType === 'BlankNode') seen.add(q.object.value);
  }
  return [...seen].sort();
}

/** Weighted features of a blank node: what it says and what says it, neighbours named through `name`. */
function features(quads: readonly RDF.Quad[], name: (t: RDF.Term) => string | undefined): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  const add = (node: string, feature: string, weight: number): void => {
    let m = out.get(node);
    if (m === undefined) out.set(node, (m = new Map<string, number>()));
    m.set(feature, Math.max(m.get(feature) ?? 0, weight));
  };
  for (const q of quads) {
    if (q.subject.termType === 'BlankNode') {
      const o = name(q.object);
      if (o !== undefined) {
        add(q.subject.value, `po ${q.predicate.value} ${o}`, 3);
        if (q.predicate.value !== RDF_TYPE) add(q.subject.value, `o ${o}`, 2);
      }
      if (q.object.termType !== 'BlankNode' && q.predicate.value !== RDF_TYPE) add(q.subject.value, `lex ${q.object.value}`, 1);
    }
    if (q.object.termType === 'BlankNode') {
      const s = name(q.subject);
      if (s !== undefined) {
        add(q.object.value, `in ${q.predicate.value} ${s}`, 3);
        add(q.object.value, `from ${s}`, 1);
      }
    }
  }
  return out;
}

function score(a: Map<string, number> | undefined, b: Map<string, number> | undefined): number {
  if (a === undefined || b === undefined) return 0;
  let total = 0;
  for (const [f, w] of a) {
    const v = b.get(f);
    if (v !== undefined) total += Math.min(w, v);
  }
  return total;
}

/** Aligns and diffs one example. */
export function alignPayloads(inputQuads: readonly RDF.Quad[], outputQuads: readonly RDF.Quad[]): PayloadChanges {
  const input = relabel(inputQuads, 'i');
  const output = relabel(outputQuads, 'o');
  const toOutput = new Map<string, RDF.BlankNode>();
  const toInput = new Map<string, RDF.BlankNode>();
  const inBlanks = blanksOf(input);
  const outBlanks = blanksOf(output);
  const iterative = inBlanks.length + outBlanks.length <= ITERATIVE_LIMIT;
  for (;;) {
    // Names that mean the same on both sides: IRIs and literals themselves, blank nodes once paired (as their output label).
    const inName = (t: RDF.Term): string | undefined => (t.termType === 'BlankNode' ? toOutput.get(t.value)?.value : termKey(t));
    const outName = (t: RDF.Term): string | undefined => (t.termType === 'BlankNode' ? (toInput.has(t.value) ? t.value : undefined) : termKey(t));
    const fin = features(input, inName);
    const fout = features(output, outName);
    const candidates: Array<[number, string, string]> = [];
    for (const a of inBlanks) {
      if (toOutput.has(a)) continue;
      for (const b of outBlanks) {
        if (toInput.has(b)) continue;
        const s = score(fin.get(a), fout.get(b));
        if (s > 0) candidates.push([s, a, b]);
      }
    }
    if (candidates.length === 0) break;
    // Best first; ties broken by labels so that the result does not depend on hash order.
    candidates.sort((x, y) => y[0] - x[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0));
    let decided = 0;
    for (const [, a, b] of candidates) {
      if (toOutput.has(a) || toInput.has(b)) continue;
      toOutput.set(a, factory.blankNode(b));
      toInput.set(b, factory.blankNode(a));
      decided++;
      if (iterative) break;
    }
    if (decided === 0 || !iterative) break;
  }
  const image = (t: RDF.Term): RDF.Term => (t.termType === 'BlankNode' ? (toOutput.get(t.value) ?? t) : t);
  const key = (s: RDF.Term, p: RDF.Term, o: RDF.Term): string => `${termKey(s)} ${termKey(p)} ${termKey(o)}`;
  const outputKeys = new Set(output.map((q) => key(q.subject, q.predicate, q.object)));
  const imageKeys = new Set<string>();
  const deleted: RDF.Quad[] = [];
  for (const q of input) {
    const k = key(image(q.subject), q.predicate, image(q.object));
    imageKeys.add(k);
    if (!outputKeys.has(k)) deleted.push(q);
  }
  const added = output.filter((q) => !imageKeys.has(key(q.subject, q.predicate, q.object)));
  return { input, output, blankToOutput: toOutput, blankToInput: toInput, deleted, added };
}
