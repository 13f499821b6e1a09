/**
 * From the changes of one example to cells (issue 30). Every change is given to a group: an added
 * triple to the kept node it hangs from (its subject, or the kept node above a new blank node), a
 * deleted triple to the group that uses its value, else to the kept node above its subject. Each
 * group becomes one cell: entity1 holds what it deletes, the triples its values come from, the
 * paths that tie them to the group's node and that node's types (the context that keeps the cell
 * from firing elsewhere); entity2 holds what it adds, plus every entity1 triple it must keep, since
 * a cell deletes all of entity1 (reference-mediator.md 3.6). Data (blank nodes, IRIs that are
 * subjects or values, literals) become variables; classes and predicates stay constants.
 */
import { NS, RDF_TYPE, XSD_STRING, factory, termKey, type RDF } from '../rdf/terms.js';
import type { PayloadChanges } from './node-alignment.js';
import {
  call,
  constantTextLength,
  describeProgram,
  fitsAll,
  input,
  NUMERIC_TYPES,
  synthesizePrograms,
  text as constantText,
  type Program,
  type ProgramExpr,
} from './value-programs.js';
import type { CellDraft, DraftFunction, DraftParam, SuggestionCandidate, ValueSlot } from './model.js';
import { stableId } from './stable-id.js';

export const VAR_NS = `${NS.sripas}node_`;
export const SLOT_NS = 'urn:x-mediator-suggest:slot:';

/** A group of changes around one kept node (`anchor` undefined: changes tied to nothing, e.g. constants). */
export interface ChangeGroup {
  readonly anchors: RDF.Term[];
  readonly added: RDF.Quad[];
  readonly deleted: RDF.Quad[];
}

/** Where a new value comes from. */
interface Derivation {
  readonly source: { readonly kind: 'literal'; readonly triple: RDF.Quad } | { readonly kind: 'node'; readonly node: RDF.NamedNode } | undefined;
  /** How the value is computed from the source (input 0) and the second source (input 1). */
  readonly program: ProgramExpr;
  readonly family: Program['family'] | 'constant';
  /** A guess from one example (Program.guess): offered, never taken before the constant. */
  readonly guess?: boolean;
  /** For a constant left to the merge of several examples: the input triples a function of them may read. */
  readonly hints?: readonly RDF.Quad[];
  /** A value built from two input values (Port_CO's `Point(lat long)`). */
  readonly second?: { readonly triple: RDF.Quad };
  /** A constant because nothing of the input explains the value (ValueSlot.unexplained). */
  readonly unexplained?: boolean;
}

/** Literal triples tried as pairs for a two-value concatenation (quadratic: bounded). */
const PAIR_SOURCE_LIMIT = 120;

/** A value made of two input literals with constant text around them, nearest and consumed sources first. */
function twoSourceConcat(index: ExampleIndex, value: RDF.Term, distances: ReadonlyMap<string, number>): Derivation | undefined {
  const text = value.value;
  const literals = index.changes.input
    .filter((q) => q.object.termType === 'Literal' && q.object.value !== '' && text.includes(q.object.value))
    .slice(0, PAIR_SOURCE_LIMIT);
  let best: { d: Derivation; rank: number } | undefined;
  for (const a of literals) {
    const i = text.indexOf(a.object.value);
    for (const b of literals) {
      if (a === b) continue;
      const j = text.indexOf(b.object.value, i + a.object.value.length);
      if (j < 0) continue;
      const prefix = text.slice(0, i);
      const middle = text.slice(i + a.object.value.length, j);
      const suffix = text.slice(j + b.object.value.length);
      const cost = (q: RDF.Quad): number => (index.deletedKeys.has(tripleKey(q)) ? 0 : 100) + (distances.get(termKey(q.subject)) ?? 50);
      const rank = cost(a) + cost(b);
      if (best !== undefined && rank >= best.rank) continue;
      const part = (t: RDF.Term, n: number): ProgramExpr =>
        t.termType === 'Literal' && t.datatype.value === XSD_STRING && t.language === '' ? input(n) : call('STR', input(n));
      const constant = (s: string): ProgramExpr[] => (s === '' ? [] : [constantText(s)]);
      const concat = call('CONCAT', ...constant(prefix), part(a.object, 0), ...constant(middle), part(b.object, 1), ...constant(suffix));
      const wanted = value as RDF.Literal;
      const finished =
        wanted.datatype.value === XSD_STRING && wanted.language === '' ? concat : { kind: 'typed' as const, datatype: wanted.datatype.value, arg: concat };
      if (!fitsAll(finished, [{ sources: [a.object, b.object], wanted }])) continue;
      best = { d: { source: { kind: 'literal', triple: a }, program: finished, family: 'string', second: { triple: b } }, rank };
    }
  }
  return best?.d;
}

export const tripleKey = (q: RDF.Quad): string => `${termKey(q.subject)} ${termKey(q.predicate)} ${termKey(q.object)}`;

/** Lookup tables over the input side of one example. */
export class ExampleIndex {
  readonly bySubject = new Map<string, RDF.Quad[]>();
  readonly byObject = new Map<string, RDF.Quad[]>();
  readonly inputIris = new Set<string>();
  readonly outputIris = new Set<string>();
  readonly dataIris = new Set<string>();
  readonly deletedKeys = new Set<string>();

  constructor(readonly changes: PayloadChanges) {
    const push = (m: Map<string, RDF.Quad[]>, k: string, q: RDF.Quad): void => {
      const list = m.get(k);
      if (list === undefined) m.set(k, [q]);
      else list.push(q);
    };
    for (const q of changes.input) {
      push(this.bySubject, termKey(q.subject), q);
      push(this.byObject, termKey(q.object), q);
      if (q.subject.termType === 'NamedNode') {
        this.inputIris.add(q.subject.value);
        this.dataIris.add(q.subject.value);
      }
      if (q.object.termType === 'NamedNode') {
        this.inputIris.add(q.object.value);
        if (q.predicate.value !== RDF_TYPE) this.dataIris.add(q.object.value);
      }
    }
    for (const q of changes.output) {
      if (q.subject.termType === 'NamedNode') this.outputIris.add(q.subject.value);
      if (q.object.termType === 'NamedNode') this.outputIris.add(q.object.value);
    }
    for (const q of changes.deleted) this.deletedKeys.add(tripleKey(q));
    // A class stays a constant wherever it appears (owl:allValuesFrom of a restriction too).
    for (const q of [...changes.input, ...changes.output])
      if (q.predicate.value === RDF_TYPE && q.object.termType === 'NamedNode') this.dataIris.delete(q.object.value);
  }

  /** The input node an output node is (undefined for a new node or a value). */
  inputOf(t: RDF.Term): RDF.Term | undefined {
    if (t.termType === 'BlankNode') return this.changes.blankToInput.get(t.value);
    if (t.termType === 'NamedNode' && this.inputIris.has(t.value)) return t;
    return undefined;
  }

  /** Whether an input node is still in the output. */
  kept(t: RDF.Term): boolean {
    if (t.termType === 'BlankNode') return this.changes.blankToOutput.has(t.value);
    return t.termType === 'NamedNode' && this.outputIris.has(t.value);
  }

  /** Terms that are data, hence variables: blank nodes and IRIs used as subjects or values. */
  isNode(t: RDF.Term): boolean {
    return t.termType === 'BlankNode' || (t.termType === 'NamedNode' && this.dataIris.has(t.value));
  }

  /** Whether another input node has exactly the same types as this one. */
  typeTwin(t: RDF.Term): boolean {
    const typesOf = (k: string): string =>
      (this.bySubject.get(k) ?? [])
        .filter((q) => q.predicate.value === RDF_TYPE)
        .map((q) => termKey(q.object))
        .sort()
        .join(' ');
    if (this.typeSignatures === undefined) {
      this.typeSignatures = new Map();
      for (const k of this.bySubject.keys()) {
        const sig = typesOf(k);
        this.typeSignatures.set(sig, (this.typeSignatures.get(sig) ?? 0) + 1);
      }
    }
    return (this.typeSignatures.get(typesOf(termKey(t))) ?? 0) > 1;
  }

  private typeSignatures: Map<string, number> | undefined;

  private readonly distanceCache = new Map<string, Map<string, number>>();

  /** Undirected distances over non-type triples from `from` to every node (kept per node: asked for each value it anchors). */
  distances(from: RDF.Term): Map<string, number> {
    const cached = this.distanceCache.get(termKey(from));
    if (cached !== undefined) return cached;
    const dist = new Map<string, number>([[termKey(from), 0]]);
    this.distanceCache.set(termKey(from), dist);
    let frontier = [from];
    for (let d = 1; frontier.length > 0 && d < 12; d++) {
      const next: RDF.Term[] = [];
      for (const n of frontier) {
        const k = termKey(n);
        for (const q of [...(this.bySubject.get(k) ?? []), ...(this.byObject.get(k) ?? [])]) {
          if (q.predicate.value === RDF_TYPE) continue;
          for (const m of [q.subject, q.object]) {
            const mk = termKey(m);
            if (!dist.has(mk)) {
              dist.set(mk, d);
              if (this.isNode(m)) next.push(m);
            }
          }
        }
      }
      frontier = next;
    }
    return dist;
  }

  /** Shortest path of non-type input triples from any node of `from` to `to` (through data nodes only). */
  path(from: ReadonlySet<string>, to: RDF.Term): RDF.Quad[] | undefined {
    const target = termKey(to);
    if (from.has(target)) return [];
    const back = new Map<string, { prev: string; via: RDF.Quad } | undefined>();
    let frontier: string[] = [];
    for (const f of from) {
      back.set(f, undefined);
      frontier.push(f);
    }
    while (frontier.length > 0) {
      const next: string[] = [];
      for (const k of frontier) {
        for (const q of [...(this.bySubject.get(k) ?? []), ...(this.byObject.get(k) ?? [])]) {
          if (q.predicate.value === RDF_TYPE) continue;
          const other = termKey(q.subject) === k ? q.object : q.subject;
          const ok = termKey(other);
          if (back.has(ok) || !this.isNode(other)) continue;
          back.set(ok, { prev: k, via: q });
          if (ok === target) {
            const out: RDF.Quad[] = [];
            let at: string | undefined = ok;
            while (at !== undefined) {
              const step: { prev: string; via: RDF.Quad } | undefined = back.get(at);
              if (step === undefined) break;
              out.push(step.via);
              at = step.prev;
            }
            return out;
          }
          next.push(ok);
        }
      }
      frontier = next;
    }
    return undefined;
  }
}

function sameTerm(a: RDF.Term, b: RDF.Term): boolean {
  return termKey(a) === termKey(b);
}

/** Values that need explaining: literals and IRIs that the input does not have as nodes. */
function needsDerivation(index: ExampleIndex, q: RDF.Quad, position: 'subject' | 'object'): boolean {
  const t = position === 'subject' ? q.subject : q.object;
  if (t.termType === 'Literal') return true;
  if (t.termType !== 'NamedNode') return false;
  if (position === 'object' && q.predicate.value === RDF_TYPE) return false;
  return !index.inputIris.has(t.value);
}

interface RankedSource {
  readonly derivation: Derivation;
  readonly rank: readonly number[];
  readonly label: string;
}

/** Whether a candidate's source is connected to the value's node (its distance rank is known). */
const reachable = (r: RankedSource): boolean => (r.rank[4] ?? 99) < 99;

/** Candidate sources for one output value, best first. */
function candidateSources(index: ExampleIndex, value: RDF.Term, distances: ReadonlyMap<string, number>, expired: () => boolean): RankedSource[] {
  const out: RankedSource[] = [];
  const consider = (s: SourceRef): void => {
    if (expired()) return;
    let least = Infinity;
    for (const program of synthesizePrograms([{ sources: [s.term], wanted: value }], { limit: 3, expired })) {
      // A costlier program of the same input that takes more of the value as constant text explains less: not a candidate.
      const constantText = constantTextLength(program.expr);
      if (constantText > least) continue;
      least = Math.min(least, constantText);
      const copy = program.family === 'copy' || program.family === 'cast';
      const rank = [copy ? 0 : 1, sameTerm(s.term, value) ? 0 : 1, program.cost, s.deleted ? 0 : 1, distances.get(termKey(s.where)) ?? 99];
      const derivation: Derivation = { source: s.source, program: program.expr, family: program.family, ...(program.guess === true ? { guess: true } : {}) };
      out.push({ derivation, rank, label: `${s.label} (${describeProgram(program.expr)})` });
    }
  };
  const refs = sourceRefs(index);
  // The same text is the best explanation there is: other sources are only searched without one.
  for (const r of refs.byText.get(value.value) ?? []) consider(r);
  if (out.length === 0) for (const r of promisingSources(refs, value, distances)) consider(r);
  const compare = (a: readonly number[], b: readonly number[]): number => {
    for (let i = 0; i < a.length; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0);
    return 0;
  };
  // A source the value's node reaches beats any it does not (another item of the same message,
  // which may happen to give the same value): those are dropped when there is one.
  const kept = out.some(reachable) ? out.filter(reachable) : out;
  // Equal ranks in natural order (answer 2 before answer 10).
  return kept.sort((a, b) => compare(a.rank, b.rank) || NATURAL.compare(a.label, b.label));
}

const NATURAL = new Intl.Collator('en', { numeric: true });

interface SourceRef {
  readonly source: NonNullable<Derivation['source']>;
  readonly term: RDF.Term;
  readonly where: RDF.Term;
  readonly deleted: boolean;
  readonly label: string;
  /** The text, lower case, and its three-letter pieces (made once per example, used for every value). */
  readonly lower: string;
  readonly grams: readonly string[];
  readonly number: boolean;
}

interface SourceRefs {
  readonly all: SourceRef[];
  readonly byText: Map<string, SourceRef[]>;
  readonly byLower: Map<string, SourceRef[]>;
}

const refCache = new WeakMap<ExampleIndex, SourceRefs>();
/** Longest value whose pieces are looked up as whole sources (quadratic in its length). */
const WHOLE_LOOKUP_LIMIT = 160;

/** Every input value a new value could come from (literals and data IRIs), made once per example. */
function sourceRefs(index: ExampleIndex): SourceRefs {
  const known = refCache.get(index);
  if (known !== undefined) return known;
  const all: SourceRef[] = [];
  const add = (r: Omit<SourceRef, 'lower' | 'grams' | 'number'>): void => {
    const lower = r.term.value.toLowerCase();
    const grams = new Set<string>();
    for (let i = 0; i + 3 <= lower.length && i < 200; i++) grams.add(lower.slice(i, i + 3));
    all.push({ ...r, lower, grams: [...grams], number: NUMBER_TEXT.test(lower.trim()) });
  };
  for (const q of index.changes.input) {
    if (q.object.termType !== 'Literal') continue;
    add({
      source: { kind: 'literal', triple: q },
      term: q.object,
      where: q.subject,
      deleted: index.deletedKeys.has(tripleKey(q)),
      label: `${termKey(q.subject)} ${q.predicate.value}`,
    });
  }
  for (const iri of index.dataIris) {
    const node = factory.namedNode(iri);
    add({ source: { kind: 'node', node }, term: node, where: node, deleted: !index.kept(node), label: `the IRI <${iri}>` });
  }
  const byText = new Map<string, SourceRef[]>();
  const byLower = new Map<string, SourceRef[]>();
  for (const r of all) {
    byText.set(r.term.value, [...(byText.get(r.term.value) ?? []), r]);
    if (r.lower !== '') byLower.set(r.lower, [...(byLower.get(r.lower) ?? []), r]);
  }
  const made = { all, byText, byLower };
  refCache.set(index, made);
  return made;
}

/** Sources searched per value and kind (text, number): the synthesizer's work per value stays bounded on big messages. */
const SEARCHED_SOURCES = 8;
const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/**
 * The sources worth a search for one value: those sharing the most text with it (the whole
 * source inside the value first, then shared three-letter pieces), and, for a number, the nearest
 * numbers. Cheap tests only; the synthesizer does the real work on the few kept.
 */
function promisingSources(refs: SourceRefs, value: RDF.Term, distances: ReadonlyMap<string, number>): SourceRef[] {
  const target = value.value.toLowerCase();
  const scored: Array<{ ref: SourceRef; score: number }> = [];
  const numeric = NUMBER_TEXT.test(value.value.trim()) || /^\d{4}[-:]\d\d[-:]\d\d/.test(value.value);
  const numbers = numeric ? refs.all.filter((r) => r.number) : [];
  // Sources found whole inside the value, looked up by each piece of it (no scan of every source).
  if (target.length <= WHOLE_LOOKUP_LIMIT)
    for (let i = 0; i < target.length; i++)
      for (let j = i + 1; j <= target.length; j++) for (const ref of refs.byLower.get(target.slice(i, j)) ?? []) scored.push({ ref, score: 1000 + j - i });
  for (const ref of scored.length > 0 ? [] : refs.all) {
    const text = ref.lower;
    let score = 0;
    for (const g of ref.grams) if (target.includes(g)) score++;
    // Words of the source found in the value (a replaced separator breaks every three-letter piece across it).
    if (score === 0) for (const token of text.split(/[^\p{L}\p{N}]+/u)) if (token.length >= 2 && target.includes(token)) score += token.length;
    if (score > 0) scored.push({ ref, score });
  }
  const distance = (r: SourceRef): number => distances.get(termKey(r.where)) ?? 99;
  scored.sort((a, b) => b.score - a.score || distance(a.ref) - distance(b.ref));
  // Sources found whole inside the value explain it best: the others are not searched then.
  const whole = scored.filter((x) => x.score >= 1000);
  const byText = whole.length > 0 ? whole.slice(0, SEARCHED_SOURCES / 2) : scored.slice(0, SEARCHED_SOURCES);
  const byNumber = numbers.sort((a, b) => Number(!a.deleted) - Number(!b.deleted) || distance(a) - distance(b)).slice(0, SEARCHED_SOURCES);
  return [...new Set([...byText.map((x) => x.ref), ...byNumber])];
}

/**
 * The sources that explain one output value of one example equally well. `question` names the
 * value's place (the output predicate and the types of its subject, not the value), so that the
 * same place in another example has the same id and the examples together can narrow the ties.
 */
export interface SourceChoice {
  readonly question: string;
  readonly example: number;
  readonly value: string;
  readonly triple: string;
  /** Distinct candidates (by id), best first. */
  readonly ties: readonly SuggestionCandidate[];
  readonly chosen: string;
}

export interface GroupedChanges {
  readonly groups: ChangeGroup[];
  readonly derivations: Map<string, Derivation>;
  /** One per value traced to an input value (one tie: no ambiguity in this example). */
  readonly choices: SourceChoice[];
}

/** What a value no input explains is: a constant (its slot is settled, or solved from several examples). */
const CONSTANT: Derivation = { source: undefined, program: input(0), family: 'constant' };

/** Input triples a constant left to the merge brings into its cell. */
const HINT_LIMIT = 4;

/** A pick that takes "a constant" in every example, whatever its value there (the examples' merge then looks for a function). */
export const ANY_CONSTANT = '*constant*';
/**
 * The same for a value nothing of the input explains in any example, whose value differs between
 * them: it may be chosen by an input's value (a category, a threshold), so the literals next to it
 * go into the cell for the merge's conditionals.
 */
export const ANY_CONDITION = '*condition*';

/** The candidate "a constant": its id says the value, so examples with different values do not share it. */
export function constantCandidate(value: RDF.Term): SuggestionCandidate {
  const shown = termToText(value);
  return { id: stableId('c', `constant|${shown}`), source: 'a constant', value: shown, transform: 'a constant' };
}

/** Whether a derivation takes at least half of the value from its input (any function but a string program does). */
function mostOfValue(d: Derivation, value: RDF.Term): boolean {
  if (d.family !== 'string') return true;
  return !splicedNumber(d, value) && (value.value.length - constantTextLength(d.program)) * 2 >= value.value.length;
}

/** A typed number spliced from digits of some text and constant digits ("184" + ".2"): chance. */
function splicedNumber(d: Derivation, value: RDF.Term): boolean {
  return d.family === 'string' && value.termType === 'Literal' && NUMERIC_TYPES.has(value.datatype.value) && constantTextLength(d.program) > 0;
}

/**
 * Whether a function found from one example explains too little of the value to be taken before
 * the constant (it is still offered): a string program with under three characters of input text,
 * or one from an IRI's local name that is under a third of the value ("sys" + "tolicBloodPressure").
 */
function weakGuess(d: Derivation, value: RDF.Term): boolean {
  if (d.guess === true) return true;
  if (d.family !== 'string') return false;
  if (splicedNumber(d, value)) return true;
  const fromInput = value.value.length - constantTextLength(d.program);
  return fromInput < 3 || (d.source?.kind === 'node' && fromInput * 3 < value.value.length);
}

/** The input node a derivation reads: its literal's subject, or its IRI; for a constant left to the merge, its hints' node. */
function sourceNode(d: Derivation): RDF.Term | undefined {
  if (d.source?.kind === 'literal') return d.source.triple.subject;
  if (d.source?.kind === 'node') return d.source.node;
  return d.hints?.[0]?.subject;
}

/** Derivation maps that hold a value derived again for another anchor (most hold none: looked up by value alone). */
const WITH_ANCHORED = new WeakSet<ReadonlyMap<string, Derivation>>();

/** Whether two derivations compute a value by the same program from the same attribute (of different items). */
function sameWay(a: Derivation, b: Derivation): boolean {
  const predicate = (d: Derivation): string => (d.source?.kind === 'literal' ? d.source.triple.predicate.value : (d.source?.kind ?? ''));
  return predicate(a) === predicate(b) && JSON.stringify(a.program) === JSON.stringify(b.program);
}

/** The key of a value derived again for another anchor than the first one it had. */
function anchoredKey(value: RDF.Term, anchor: RDF.Term): string {
  return `${termKey(value)}@${termKey(anchor)}`;
}

/** A value's derivation as a group with these anchors sees it: its own if it has one, else the value's. */
export function derivationFor(derivations: ReadonlyMap<string, Derivation>, value: RDF.Term, anchors: readonly RDF.Term[]): Derivation | undefined {
  if (!WITH_ANCHORED.has(derivations)) return derivations.get(termKey(value));
  for (const a of anchors) {
    const own = derivations.get(anchoredKey(value, a));
    if (own !== undefined) return own;
  }
  return derivations.get(termKey(value));
}

/**
 * The input literals that explain a value left to the merge: those tied to the value's node only
 * (another item of the message is another item's cell's), and only those that give most of the
 * value: a few characters of some free text inside constant text are chance, and would give this
 * example's cell another shape than the others'.
 */
function explainingSources(
  candidates: ReadonlyArray<{ readonly ranked: RankedSource }>,
  value: RDF.Term,
  anchor: RDF.Term | undefined,
  distances: ReadonlyMap<string, number>,
): RDF.Quad[] {
  return candidates.flatMap(({ ranked: { derivation } }) => {
    const source = derivation.source;
    if (source?.kind !== 'literal' || !mostOfValue(derivation, value)) return [];
    return anchor === undefined || distances.has(termKey(source.triple.subject)) ? [source.triple] : [];
  });
}

/** Kept literals of the nodes at most two steps from a value's anchor, nearest first (at most HINT_LIMIT). */
function nearbyLiterals(index: ExampleIndex, distances: ReadonlyMap<string, number>): RDF.Quad[] {
  const out: Array<{ q: RDF.Quad; d: number }> = [];
  for (const [key, d] of distances) {
    if (d > 2) continue;
    // Kept ones only: a deleted literal is its own cell's input already, or another cell's to remove.
    for (const q of index.bySubject.get(key) ?? [])
      if (q.object.termType === 'Literal' && q.predicate.value !== RDF_TYPE && !index.deletedKeys.has(tripleKey(q))) out.push({ q, d });
  }
  return out
    .sort((a, b) => a.d - b.d || shapeOrder(a.q, b.q))
    .slice(0, HINT_LIMIT)
    .map((x) => x.q);
}

/**
 * A cell with no input literal to be specific about: its anchor's own literals (as entity1 triples
 * of `subject`) are what "only for messages like this one" would match: asked about for a constant
 * nothing explains, and, those that read as a category, added when the cell fires on another
 * example it does not reproduce (grams beside kilograms: one cell per unit).
 */
function scopeLiteralsOf(index: ExampleIndex, anchor: RDF.Term | undefined, inEntity1: ReadonlySet<string>, subject: RDF.NamedNode): RDF.Quad[] {
  if (anchor === undefined) return [];
  return (index.bySubject.get(termKey(anchor)) ?? [])
    .filter((q) => q.object.termType === 'Literal' && q.predicate.value !== RDF_TYPE && !inEntity1.has(tripleKey(q)))
    .sort(shapeOrder)
    .slice(0, HINT_LIMIT)
    .map((q) => factory.quad(subject, q.predicate, q.object));
}

/** Tied sources looked at per value (each costs a path search). */
const TIE_LIMIT = 24;

/**
 * Gives every change to a group and finds where every new value comes from. `picks` maps a
 * question id to the candidate id to take where the example alone cannot tell (an answer, or what
 * the other examples imply).
 */
export function groupChanges(
  index: ExampleIndex,
  example: number,
  picks: ReadonlyMap<string, string> = new Map(),
  expired: () => boolean = () => false,
): GroupedChanges {
  const { added, deleted } = index.changes;
  const choices: SourceChoice[] = [];
  const typesOf = (quads: readonly RDF.Quad[]) => {
    const m = new Map<string, string[]>();
    for (const q of quads) if (q.predicate.value === RDF_TYPE) m.set(termKey(q.subject), [...(m.get(termKey(q.subject)) ?? []), q.object.value]);
    return (t: RDF.Term): string => [...(m.get(termKey(t)) ?? [])].sort().join(' ');
  };
  const outputTypes = typesOf(index.changes.output);
  const inputTypes = typesOf(index.changes.input);
  const holder = new Map<string, RDF.Quad>();
  for (const q of added) {
    if (!holder.has(termKey(q.object))) holder.set(termKey(q.object), q);
  }
  for (const q of added) {
    if (!holder.has(termKey(q.subject))) holder.set(termKey(q.subject), q);
  }
  const placeOf = (value: RDF.Term): { id: string; triple: string } => {
    const q = holder.get(termKey(value));
    if (q === undefined) return { id: stableId('q', termKey(value)), triple: '' };
    const position = sameTerm(q.object, value) ? 'object' : 'subject';
    return {
      id: stableId('q', [position, q.predicate.value, outputTypes(q.subject)].join('|')),
      triple: `${termToText(q.subject)} <${q.predicate.value}> ${termToText(q.object)} .`,
    };
  };
  const candidateOf = (r: RankedSource, anchor: RDF.Term | undefined): SuggestionCandidate => {
    const source = r.derivation.source;
    const node = source?.kind === 'literal' ? source.triple.subject : source?.kind === 'node' ? source.node : undefined;
    const path = anchor === undefined || node === undefined ? undefined : index.path(new Set([termKey(anchor)]), node);
    const via = (path ?? []).map((q) => `<${q.predicate.value}>`).reverse();
    const transform = describeProgram(r.derivation.program, (n) => (n === 0 ? 'value' : 'second value'));
    const signature = [
      source?.kind ?? '',
      source?.kind === 'literal' ? source.triple.predicate.value : '',
      node === undefined ? '' : inputTypes(node),
      via.join(' '),
      JSON.stringify(r.derivation.program),
    ].join('|');
    const where = via.length > 0 ? ` (reached by ${via.join(' / ')})` : '';
    return {
      id: stableId('c', signature),
      source:
        source?.kind === 'literal'
          ? `${termToText(source.triple.subject)} <${source.triple.predicate.value}>${where}`
          : `the IRI of ${node === undefined ? '?' : termToText(node)}${where}`,
      value: source?.kind === 'literal' ? termToText(source.triple.object) : node === undefined ? '' : termToText(node),
      transform,
    };
  };
  const anchorOfInput = (t: RDF.Term, seen = new Set<string>()): RDF.Term => {
    if (index.kept(t) || seen.has(termKey(t))) return t;
    seen.add(termKey(t));
    for (const q of index.byObject.get(termKey(t)) ?? []) {
      if (q.predicate.value === RDF_TYPE || !index.isNode(q.subject)) continue;
      return anchorOfInput(q.subject, seen);
    }
    return t;
  };
  const anchorMemo = new Map<string, RDF.Term | null>();
  const anchorOfOutput = (t: RDF.Term, depth = 0): RDF.Term | undefined => {
    const k = termKey(t);
    const memo = anchorMemo.get(k);
    if (memo !== undefined) return memo ?? undefined;
    const kept = index.inputOf(t);
    if (kept !== undefined) return kept;
    if (depth > 20) return undefined;
    anchorMemo.set(k, null);
    let found: RDF.Term | undefined;
    // A new IRI made from an input value hangs from the node that value belongs to.
    if (t.termType === 'NamedNode') {
      const d = derive(t, undefined);
      if (d.source?.kind === 'literal') found = anchorOfInput(d.source.triple.subject);
      else if (d.source?.kind === 'node') found = anchorOfInput(d.source.node);
      if (found !== undefined) {
        anchorMemo.set(k, found);
        return found;
      }
    }
    for (const q of added) {
      if (sameTerm(q.object, t) && !sameTerm(q.subject, t)) {
        found = anchorOfOutput(q.subject, depth + 1);
        if (found !== undefined) break;
      }
    }
    anchorMemo.set(k, found ?? null);
    return found;
  };

  const groups = new Map<string, ChangeGroup>();
  const groupOf = (anchor: RDF.Term | undefined): ChangeGroup => {
    const k = anchor === undefined ? '' : termKey(anchor);
    let g = groups.get(k);
    if (g === undefined) groups.set(k, (g = { anchors: anchor === undefined ? [] : [anchor], added: [], deleted: [] }));
    return g;
  };

  // How many nodes carry each new value (two items of one message may carry the same), made when first asked.
  let valueAnchors: Map<string, Set<string>> | undefined;
  const carriers = (value: RDF.Term): number => {
    if (valueAnchors === undefined) {
      valueAnchors = new Map();
      for (const q of added) {
        const a = anchorOfOutput(q.subject);
        if (a === undefined) continue;
        const set = valueAnchors.get(termKey(q.object)) ?? new Set<string>();
        set.add(termKey(a));
        valueAnchors.set(termKey(q.object), set);
      }
    }
    return valueAnchors.get(termKey(value))?.size ?? 0;
  };
  // New values first: their sources decide where the deleted triples they come from go.
  const derivations = new Map<string, Derivation>();
  const sourceUser = new Map<string, ChangeGroup>();
  const derive = (value: RDF.Term, anchor: RDF.Term | undefined): Derivation => {
    let k = termKey(value);
    const distances = anchor === undefined ? new Map<string, number>() : index.distances(anchor);
    const known = derivations.get(k);
    if (known !== undefined) {
      // The same value under another item of the message (two readings rounded alike) comes from
      // that item's own input: derived again for this node, kept under its own key.
      const from = sourceNode(known);
      if (anchor === undefined || from === undefined || distances.has(termKey(from))) return known;
      k = anchoredKey(value, anchor);
      const own = derivations.get(k);
      if (own !== undefined) return own;
      WITH_ANCHORED.add(derivations);
    }
    // A value that several items carry, with no source connected to this one: a program from another
    // item's text there is chance ("f" + 3 letters of a free text + "d zqig"), only a copy is kept.
    const all = candidateSources(index, value, distances, expired);
    const carried = anchor !== undefined && !all.some(reachable) && carriers(value) > 1;
    const ranked = carried ? all.filter((r) => r.rank[0] === 0) : all;
    const best = ranked[0];
    // Two values with text around them explain more of the output than one value with the rest as constant text.
    const two =
      value.termType === 'Literal' && (best === undefined || (best.derivation.family === 'string' && constantTextLength(best.derivation.program) > 0))
        ? twoSourceConcat(index, value, distances)
        : undefined;
    const constant: RankedSource = { derivation: CONSTANT, rank: [], label: 'a constant' };
    // Equally good sources that are different attributes: the example alone cannot tell them apart.
    // A value computed by a function could also be a constant the examples happen to agree on:
    // then every function that fits is a candidate, and the constant too.
    let list: RankedSource[];
    if (two !== undefined) list = [{ derivation: two, rank: [], label: 'two values' }, constant];
    else if (best === undefined) list = [constant];
    else if (best.derivation.family === 'copy' || best.derivation.family === 'cast')
      list = ranked.filter((r) => r.rank[0] === best.rank[0] && r.rank[1] === best.rank[1] && r.derivation.family === best.derivation.family);
    else list = weakGuess(best.derivation, value) ? [constant, ...ranked] : [...ranked, constant];
    const distinct: Array<{ ranked: RankedSource; candidate: SuggestionCandidate }> = [];
    for (const r of list.slice(0, TIE_LIMIT).concat(list.length > TIE_LIMIT && list.at(-1) === constant ? [constant] : [])) {
      const candidate = r === constant ? constantCandidate(value) : candidateOf(r, anchor);
      if (!distinct.some((d) => d.candidate.id === candidate.id)) distinct.push({ ranked: r, candidate });
    }
    const place = placeOf(value);
    const want = picks.get(place.id);
    const anyConstant = want === ANY_CONSTANT || want === ANY_CONDITION;
    const hit = distinct.find((d) => d.candidate.id === want || (anyConstant && d.ranked === constant)) ?? distinct[0];
    if (hit !== undefined)
      choices.push({
        question: place.id,
        example,
        value: termToText(value),
        triple: place.triple,
        ties: distinct.map((d) => d.candidate),
        chosen: hit.candidate.id,
      });
    // Left to the merge of the examples: the inputs that explained it here go into the cell, so that the merge can compute from them.
    const hints =
      want === ANY_CONSTANT ? explainingSources(distinct, value, anchor, distances) : want === ANY_CONDITION ? nearbyLiterals(index, distances) : [];
    const chosen = hit?.ranked.derivation ?? CONSTANT;
    const hinted: Derivation = hints.length > 0 && chosen.source === undefined ? { ...chosen, hints: hints.slice(0, HINT_LIMIT) } : chosen;
    // Nothing of the input explains it, not even as a guess offered beside the constant: it may still
    // be chosen by an input's value (a category, a threshold), so the literals next to it go into the
    // cell for the merge's conditionals and the question whether the constant holds for every message.
    const unexplained = value.termType === 'Literal' && list.length === 1 && list[0] === constant;
    const derivation: Derivation = unexplained ? { ...hinted, unexplained: true } : hinted;
    // The same value on two items must come the same way from each item's own input; when it does
    // not (a chance program from one item's free text), it is the constant both have.
    if (known !== undefined && !sameWay(known, derivation)) {
      const constant: Derivation = { ...CONSTANT, unexplained: true };
      derivations.set(termKey(value), constant);
      derivations.set(k, constant);
      return constant;
    }
    derivations.set(k, derivation);
    return derivation;
  };

  for (const q of added) {
    const anchor = anchorOfOutput(q.subject) ?? (q.object.termType !== 'Literal' ? anchorOfOutput(q.object) : undefined);
    let group = groupOf(anchor);
    for (const position of ['subject', 'object'] as const) {
      if (!needsDerivation(index, q, position)) continue;
      const d = derive(position === 'subject' ? q.subject : q.object, anchor);
      if (anchor === undefined && d.source !== undefined) {
        // A new node tied to nothing: hang it from where its value comes from.
        const from = d.source.kind === 'literal' ? d.source.triple.subject : d.source.node;
        group = groupOf(from);
      }
      for (const triple of d.source?.kind === 'literal' ? [d.source.triple, ...(d.second === undefined ? [] : [d.second.triple])] : []) {
        const sk = tripleKey(triple);
        if (index.deletedKeys.has(sk) && !sourceUser.has(sk)) sourceUser.set(sk, group);
      }
    }
    group.added.push(q);
  }

  for (const q of deleted) {
    const user = sourceUser.get(tripleKey(q));
    (user ?? groupOf(anchorOfInput(q.subject))).deleted.push(q);
  }
  return { groups: [...groups.values()].filter((g) => g.added.length + g.deleted.length > 0), derivations, choices };
}

export function termToText(t: RDF.Term): string {
  if (t.termType === 'NamedNode') return `<${t.value}>`;
  if (t.termType === 'Literal') {
    const lex = JSON.stringify(t.value);
    if (t.language !== '') return `${lex}@${t.language}`;
    return t.datatype.value === XSD_STRING ? lex : `${lex}^^<${t.datatype.value}>`;
  }
  return termKey(t);
}

/** Orders triples by what they say, not by blank-node labels, so that examples of one shape give the same cell. */
function shapeOrder(a: RDF.Quad, b: RDF.Quad): number {
  const key = (q: RDF.Quad): string =>
    `${q.predicate.value} ${q.object.termType === 'BlankNode' ? '' : q.object.termType === 'Literal' ? `"${q.object.datatype.value}` : q.object.value}`;
  const ka = key(a);
  const kb = key(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/**
 * Builds the cell of one group. Long on purpose (scripts/long-functions.mjs allows five): entity1,
 * the variable names and entity2 are built in one pass over shared maps (names, counters, the
 * literals still unused), whose order decides the variable names a user sees; split up, each part
 * would take and return all of them.
 */
export function draftCell(index: ExampleIndex, group: ChangeGroup, derivations: ReadonlyMap<string, Derivation>, example: number): DraftWithUses {
  const names = new Map<string, string>();
  const counters = { n: 0, l: 0, r: 0, s: 0, b: 0 };
  // Names end in "x" so that none is a prefix of another (a typing renames by prefix, reference-mediator.md 3.1).
  const fresh = (kind: keyof typeof counters): string => `${kind}${++counters[kind]}x`;
  const variable = (name: string): RDF.NamedNode => factory.namedNode(`${VAR_NS}${name}`);
  group.anchors.forEach((a, i) => names.set(termKey(a), i === 0 ? 'ax' : `a${i}x`));
  const unusedLiterals = new Map<string, RDF.Literal>();
  const literalValues = new Map<string, RDF.Literal>();

  // ---- entity1
  const e1 = new Map<string, RDF.Quad>();
  const own = new Set(group.deleted.map(tripleKey));
  const addE1 = (q: RDF.Quad): void => {
    e1.set(tripleKey(q), q);
  };
  for (const q of [...group.deleted].sort(shapeOrder)) addE1(q);
  const sources: RDF.Quad[] = [];
  for (const q of group.added) {
    for (const t of [q.subject, q.object]) {
      const d = derivationFor(derivations, t, group.anchors);
      if (d?.source?.kind === 'literal' && (t.termType === 'Literal' || !index.inputIris.has(t.value))) {
        sources.push(d.source.triple);
        if (d.second !== undefined) sources.push(d.second.triple);
      }
      if (d?.hints !== undefined) sources.push(...d.hints);
    }
  }
  for (const q of sources.sort(shapeOrder)) addE1(q);
  for (const a of group.anchors) {
    for (const q of (index.bySubject.get(termKey(a)) ?? []).filter((t) => t.predicate.value === RDF_TYPE).sort(shapeOrder)) {
      if (!index.deletedKeys.has(tripleKey(q)) || own.has(tripleKey(q))) addE1(q);
    }
  }
  // A node whose types another node shares is told apart by what points to it (the systolic and the diastolic measurement).
  for (const a of group.anchors) {
    if (!index.typeTwin(a)) continue;
    for (const q of (index.byObject.get(termKey(a)) ?? []).filter((t) => t.predicate.value !== RDF_TYPE && index.isNode(t.subject)).sort(shapeOrder)) {
      addE1(q);
    }
  }
  // Nodes the cell must reach: those of entity1, kept nodes entity2 names, IRIs a value is the string of.
  const needed: RDF.Term[] = [];
  for (const q of e1.values()) for (const t of [q.subject, q.object]) if (index.isNode(t)) needed.push(t);
  for (const q of group.added) {
    for (const t of [q.subject, q.object]) {
      const kept = index.inputOf(t);
      if (kept !== undefined && index.isNode(kept)) needed.push(kept);
      const d = derivationFor(derivations, t, group.anchors);
      if (d?.source?.kind === 'node') needed.push(d.source.node);
    }
  }
  // Tie everything to the first anchor, so that the pattern is one connected piece (no cross products).
  const reached = new Set<string>();
  const root = group.anchors[0] ?? needed[0];
  if (root !== undefined) {
    reached.add(termKey(root));
    const grow = (): void => {
      let changed = true;
      while (changed) {
        changed = false;
        for (const q of e1.values()) {
          const s = termKey(q.subject);
          const o = termKey(q.object);
          if (reached.has(s) !== reached.has(o) && q.predicate.value !== RDF_TYPE && index.isNode(q.object)) {
            reached.add(s);
            reached.add(o);
            changed = true;
          }
        }
      }
    };
    grow();
    for (const n of needed) {
      if (reached.has(termKey(n))) continue;
      const path = index.path(reached, n);
      if (path === undefined) {
        // Nothing ties it to the group's node: bind it on its own (a cross product, as such cells of real alignments do).
        const k = termKey(n);
        const binding = [...(index.bySubject.get(k) ?? []), ...(index.byObject.get(k) ?? [])].filter((q) => q.predicate.value !== RDF_TYPE).sort(shapeOrder);
        const chosen = binding.find((q) => own.has(tripleKey(q))) ?? binding[0];
        if (chosen === undefined) continue;
        addE1(chosen);
        reached.add(termKey(chosen.subject));
        reached.add(termKey(chosen.object));
        grow();
        continue;
      }
      for (const q of path) addE1(q);
      grow();
      reached.add(termKey(n));
    }
  }

  // ---- terms
  // A literal's variable belongs to the triple it sits in, not to its value: two attributes that
  // happen to be equal in the example must not be required to be equal (a memorised relation).
  const inputTerm = (t: RDF.Term, holder?: RDF.Quad): RDF.Term => {
    if (t.termType === 'Literal') {
      const k = holder === undefined ? termKey(t) : `${termKey(t)} in ${tripleKey(holder)}`;
      let name = names.get(k);
      if (name === undefined) {
        names.set(k, (name = fresh('l')));
        literalValues.set(name, t);
      }
      return variable(name);
    }
    if (!index.isNode(t)) return t;
    const k = termKey(t);
    let name = names.get(k);
    if (name === undefined) names.set(k, (name = fresh('n')));
    return variable(name);
  };
  const entity1 = [...e1.values()].map((q) => factory.quad(inputTerm(q.subject) as RDF.Quad_Subject, q.predicate, inputTerm(q.object, q) as RDF.Quad_Object));
  const e1Literals = [...literalValues.entries()].map(([name, lit]) => ({ variable: name, term: lit }));

  // ---- entity2
  const functions: DraftFunction[] = [];
  const typings: Array<{ variable: string; datatype: string }> = [];
  const slots: ValueSlot[] = [];
  const usedNames = new Set<string>();
  const computed = new Map<string, RDF.Term>();
  const newBlanks = new Map<string, string>();
  const valueTerm = (t: RDF.Term): RDF.Term => {
    const k = termKey(t);
    const done = computed.get(k);
    if (done !== undefined) return done;
    const d = derivationFor(derivations, t, group.anchors);
    let out: RDF.Term;
    if (d === undefined || d.source === undefined) {
      out = factory.namedNode(`${SLOT_NS}${slots.length}`);
      slots.push({
        placeholder: out.value,
        output: t as RDF.Literal | RDF.NamedNode,
        candidates: e1Literals,
        ...(d?.unexplained === true ? { unexplained: true } : {}),
      });
    } else {
      const src = d.source.kind === 'literal' ? d.source.triple.object : d.source.node;
      const srcVar = d.source.kind === 'literal' ? inputTerm(src, d.source.triple) : inputTerm(src);
      const names = [srcVar.value.slice(VAR_NS.length)];
      if (d.second !== undefined) names.push(inputTerm(d.second.triple.object, d.second.triple).value.slice(VAR_NS.length));
      for (const n of names) usedNames.add(n);
      if (d.program.kind === 'input') out = srcVar;
      else
        out = variable(
          emitProgram(
            d.program,
            (n) => names[n] ?? '',
            functions,
            typings,
            () => fresh('r'),
          ),
        );
    }
    computed.set(k, out);
    return out;
  };
  const outputTerm = (t: RDF.Term): RDF.Term => {
    const kept = index.inputOf(t);
    if (kept !== undefined) {
      const v = inputTerm(kept);
      if (v.termType === 'NamedNode' && v.value.startsWith(VAR_NS)) usedNames.add(v.value.slice(VAR_NS.length));
      return v;
    }
    if (t.termType === 'BlankNode') {
      let label = newBlanks.get(t.value);
      if (label === undefined) newBlanks.set(t.value, (label = `b${newBlanks.size}`));
      return factory.blankNode(label);
    }
    return valueTerm(t);
  };
  const entity2: RDF.Quad[] = [];
  for (const q of [...group.added].sort(shapeOrder)) {
    const o = q.predicate.value === RDF_TYPE && q.object.termType === 'NamedNode' ? q.object : outputTerm(q.object);
    entity2.push(factory.quad(outputTerm(q.subject) as RDF.Quad_Subject, q.predicate, o as RDF.Quad_Object));
  }
  // What entity1 matched but the example keeps is put back.
  const e1Converted = [...e1.values()];
  entity1.forEach((q, i) => {
    const original = e1Converted[i];
    if (original !== undefined && !own.has(tripleKey(original))) {
      entity2.push(q);
      for (const t of [q.subject, q.object]) if (t.value.startsWith(VAR_NS)) usedNames.add(t.value.slice(VAR_NS.length));
    }
  });
  for (const [name, lit] of literalValues) if (!usedNames.has(name)) unusedLiterals.set(name, lit);
  const scopeLiterals = unusedLiterals.size > 0 ? [] : scopeLiteralsOf(index, group.anchors[0], new Set(e1.keys()), variable('ax'));
  const uses = new Set([...e1.keys()].filter((k) => !own.has(k)));
  return {
    draft: { entity1, entity2, functions, typings, slots, unusedLiterals, example, ...(scopeLiterals.length > 0 ? { scopeLiterals } : {}) },
    uses,
    deletes: own,
  };
}

/** A draft with the input triples it matches but keeps, and those it deletes: what orders the cells of one example. */
export interface DraftWithUses {
  readonly draft: CellDraft;
  readonly uses: ReadonlySet<string>;
  readonly deletes: ReadonlySet<string>;
}

/**
 * Adds the functions (and typings) that compute a program, sources named by `sourceName`; returns
 * the variable holding its value. A typing of a source is made on a STR() copy of it, since a typing
 * retypes every use of its variable (reference-mediator.md 3.3).
 */
export function emitProgram(
  e: ProgramExpr,
  sourceName: (source: number) => string,
  functions: DraftFunction[],
  typings: Array<{ variable: string; datatype: string }>,
  fresh: () => string,
): string {
  const emit = (x: ProgramExpr): string => {
    switch (x.kind) {
      case 'input':
        return sourceName(x.source);
      case 'const': {
        const result = fresh();
        functions.push({ name: 'STR', params: [param(x)], result });
        return result;
      }
      case 'call': {
        const params = x.args.map((a) => (a.kind === 'const' ? param(a) : { variable: emit(a) }));
        const result = fresh();
        functions.push({ name: x.name, params, result });
        return result;
      }
      case 'typed': {
        let inner = emit(x.arg);
        if (x.arg.kind === 'input') {
          const copy = fresh();
          functions.push({ name: 'STR', params: [{ variable: inner }], result: copy });
          inner = copy;
        }
        typings.push({ variable: inner, datatype: x.datatype });
        return inner;
      }
    }
  };
  return emit(e);
}

function param(x: Extract<ProgramExpr, { kind: 'const' }>): DraftParam {
  const dt = x.term.datatype.value;
  return dt === XSD_STRING ? { value: x.term.value } : { value: x.term.value, datatype: dt };
}

/** Most triples (entity1 plus entity2) a suggested cell should have; a bigger group is split. */
export const MAX_CELL_TRIPLES = 40;
/** What a part is packed to, leaving room for the context and the kept triples each part repeats. */
const PART_BUDGET = 24;

/**
 * Splits a group into parts along the new nodes hanging from its kept node (one questionnaire
 * result per question): each part adds one or more of those subtrees and deletes the triples their
 * values come from; the first part also takes the rest.
 */
export function splitGroup(index: ExampleIndex, group: ChangeGroup, derivations: ReadonlyMap<string, Derivation>): ChangeGroup[] {
  const unitOf = new Map<string, string>();
  const topOf = (t: RDF.Term, depth = 0): string => {
    const k = termKey(t);
    const known = unitOf.get(k);
    if (known !== undefined) return known;
    if (index.inputOf(t) !== undefined || depth > 20) return '';
    const parent = group.added.find((q) => termKey(q.object) === k && termKey(q.subject) !== k);
    const top = parent === undefined || index.inputOf(parent.subject) !== undefined ? k : topOf(parent.subject, depth + 1);
    unitOf.set(k, top);
    return top;
  };
  const units = new Map<string, { added: RDF.Quad[]; deleted: RDF.Quad[] }>([['', { added: [], deleted: [] }]]);
  const unit = (k: string) => {
    let u = units.get(k);
    if (u === undefined) units.set(k, (u = { added: [], deleted: [] }));
    return u;
  };
  const sourceUnit = new Map<string, string>();
  for (const q of group.added) {
    const subjectTop = q.subject.termType === 'BlankNode' ? topOf(q.subject) : '';
    const k = subjectTop !== '' ? subjectTop : q.object.termType === 'BlankNode' ? topOf(q.object) : '';
    unit(k).added.push(q);
    const d = derivationFor(derivations, q.object, group.anchors);
    if (d?.source?.kind === 'literal') sourceUnit.set(tripleKey(d.source.triple), k);
    if (d?.second !== undefined) sourceUnit.set(tripleKey(d.second.triple), k);
  }
  for (const q of group.deleted) unit(sourceUnit.get(tripleKey(q)) ?? '').deleted.push(q);
  const parts: ChangeGroup[] = [];
  let current: ChangeGroup | undefined;
  for (const u of units.values()) {
    const size = u.added.length + u.deleted.length;
    if (current === undefined || current.added.length + current.deleted.length + size > PART_BUDGET) {
      current = { anchors: [...group.anchors], added: [], deleted: [] };
      parts.push(current);
    }
    current.added.push(...u.added);
    current.deleted.push(...u.deleted);
  }
  return parts.filter((p) => p.added.length + p.deleted.length > 0);
}
