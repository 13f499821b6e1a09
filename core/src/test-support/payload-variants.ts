/**
 * Random variants of a message payload for the generality tests of the cell synthesizer (issue 30):
 * data literals and data IRIs changed at random, from a seed, consistently (one value, one
 * replacement, so values that were equal stay equal). Data means what the real alignment treats as
 * data: literals that are no constant of any entity1, IRIs that are subjects or values, never a
 * class and never an IRI the alignment names. A literal keeps its datatype and its kind of text
 * (a number stays a number of the same form, a URL stays a URL).
 */
import type { CompiledAlignment } from '../common/index.js';
import { RDF_TYPE, factory, termKey, type RDF } from '../common/rdf/terms.js';

/** A small deterministic generator (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What the alignments name as constants: literals of entity1, every IRI of both entities. */
export function alignmentConstants(alignments: readonly CompiledAlignment[]): { literals: Set<string>; iris: Set<string> } {
  const literals = new Set<string>();
  const iris = new Set<string>();
  for (const a of alignments) {
    for (const cell of a.alignment.cells) {
      for (const q of cell.entity1) if (q.object.termType === 'Literal') literals.add(q.object.value);
      for (const q of [...cell.entity1, ...cell.entity2]) for (const t of [q.subject, q.object]) if (t.termType === 'NamedNode') iris.add(t.value);
    }
  }
  return { literals, iris };
}

export interface DataTerms {
  readonly literals: Set<string>;
  readonly iris: Set<string>;
}

/** The data literals (lexical forms) and data IRIs of a payload. */
export function dataTerms(payload: readonly RDF.Quad[], constants: { literals: Set<string>; iris: Set<string> }): DataTerms {
  const classes = new Set(payload.filter((q) => q.predicate.value === RDF_TYPE).map((q) => q.object.value));
  const literals = new Set<string>();
  const iris = new Set<string>();
  for (const q of payload) {
    if (q.object.termType === 'Literal' && !constants.literals.has(q.object.value)) literals.add(q.object.value);
    for (const t of [q.subject, q.predicate.value === RDF_TYPE ? undefined : q.object]) {
      if (t?.termType === 'NamedNode' && !classes.has(t.value) && !constants.iris.has(t.value)) iris.add(t.value);
    }
  }
  return { literals, iris };
}

function randomWord(random: () => number, length: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let out = '';
  for (let i = 0; i < length; i++) out += letters[Math.floor(random() * letters.length)] ?? 'x';
  return out;
}

function variantLexical(value: string, random: () => number): string {
  if (/^-?\d+$/.test(value)) return String(Math.floor(random() * 10 ** Math.min(value.replace('-', '').length, 12)));
  if (/^-?\d+\.\d+$/.test(value)) {
    const decimals = value.split('.')[1]?.length ?? 1;
    return (random() * 100).toFixed(decimals);
  }
  const url = /^(https?:\/\/[^/]+\/)/.exec(value);
  if (url !== null) return `${url[1] ?? ''}variant/${randomWord(random, 8)}`;
  return `${randomWord(random, 6)}_${randomWord(random, 4)}`;
}

/** The payload with every data literal and data IRI replaced (consistently) by a random one. */
export function payloadVariant(payload: readonly RDF.Quad[], data: DataTerms, seed: number): RDF.Quad[] {
  const random = seededRandom(seed);
  const replacements = new Map<string, RDF.Term>();
  const replace = (t: RDF.Term): RDF.Term => {
    if (t.termType === 'Literal' && data.literals.has(t.value)) {
      const k = `lex ${t.value}`;
      let r = replacements.get(k);
      if (r === undefined) replacements.set(k, (r = factory.literal(variantLexical(t.value, random))));
      return t.language !== '' ? factory.literal(r.value, t.language) : factory.literal(r.value, t.datatype);
    }
    if (t.termType === 'NamedNode' && data.iris.has(t.value)) {
      let r = replacements.get(termKey(t));
      if (r === undefined) replacements.set(termKey(t), (r = factory.namedNode(`http://example.org/variant/${randomWord(random, 10)}`)));
      return r;
    }
    return t;
  };
  return payload.map((q) => factory.quad(replace(q.subject) as RDF.Quad_Subject, q.predicate, replace(q.object) as RDF.Quad_Object));
}
