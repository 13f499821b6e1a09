/**
 * Random message formats and random reference alignments for the suggestion property test (issue
 * 41): a format is a root node of a random class with a random attribute (on the root or on a
 * nested blank node), random distracting attributes, random predicate and class names in a random
 * namespace; its reference alignment is one IPSM-AF cell (the usual shape: entity1 matches the
 * node and the attribute, entity2 writes the node back with a new attribute) whose value is one
 * function family of the cell language applied to the attribute. Inputs are drawn fresh per call.
 */
import { NS, factory, type RDF } from '../common/rdf/terms.js';
import { serializeMessage } from '../common/jsonld/index.js';
import type { CellDraft, DraftFunction } from '../common/suggest/model.js';
import { writeSuggestion, suggestionPrefixes } from '../common/suggest/write-suggestion.js';
import { VAR_NS } from '../common/suggest/cell-drafts.js';
import { seededRandom } from './payload-variants.js';

export type Random = () => number;

const XSD = NS.xsd;
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

export const pick = <T>(rng: Random, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
export const word = (rng: Random, min = 3, max = 8): string =>
  Array.from({ length: min + Math.floor(rng() * (max - min + 1)) }, () => pick(rng, [...LETTERS])).join('');
const digits = (rng: Random, n: number): string =>
  Array.from({ length: n }, (_, i) => String(i === 0 ? 1 + Math.floor(rng() * 9) : Math.floor(rng() * 10))).join('');
const decimal = (rng: Random): string => `${digits(rng, 2)}.${digits(rng, 1).replace(/0$/, '5')}`;

interface Family {
  /** The attribute's value in a fresh input (`index` counts the inputs drawn: families of categories cycle through theirs). */
  readonly value: (rng: Random, index: number) => RDF.Literal | RDF.NamedNode;
  /** For families of categories: how many there are (fewer examples than that cannot show every branch). */
  readonly categories?: number;
  /** A second attribute's value, for families of two inputs. */
  readonly second?: (rng: Random, index: number) => RDF.Literal;
  /** The functions computing the output from `l1x` into `out`, and its typing; none for a plain copy. */
  readonly functions: (rng: Random) => { functions: DraftFunction[]; typing?: string; constant?: RDF.Literal };
}

const str = (v: string): RDF.Literal => factory.literal(v);
const typedLiteral = (v: string, t: string): RDF.Literal => factory.literal(v, factory.namedNode(XSD + t));
const fn = (name: string, params: DraftFunction['params'], result: string): DraftFunction => ({ name, params, result });
/** Typed constant parameters of a cell's function. */
const integer = (value: string) => ({ value, datatype: `${XSD}integer` });
const decimalParam = (value: string) => ({ value, datatype: `${XSD}decimal` });
const BOOLEAN = `${XSD}boolean`;
/** Category words of the categorical families: fixed, so a fresh input is one the examples can have shown. */
const STATES = ['active', 'standby', 'fault'];

/** Function families of the search space, each as a reference cell would write it. */
export const FAMILIES: Record<string, Family> = {
  copy: { value: (r) => str(word(r)), functions: () => ({ functions: [] }) },
  cast: { value: (r) => str(digits(r, 4)), functions: () => ({ functions: [fn('xsd:integer', [{ variable: 'l1x' }], 'outx')] }) },
  concat: {
    value: (r) => str(`${word(r)}${digits(r, 3)}`),
    functions: (r) => ({ functions: [fn('CONCAT', [{ value: `${word(r)} of ` }, { variable: 'l1x' }, { value: `/${word(r, 2, 3)}` }], 'outx')] }),
  },
  replace: {
    value: (r) => str(`${word(r, 2, 4)}.${digits(r, 2)}.${word(r, 1, 3)}`),
    functions: () => ({ functions: [fn('REPLACE', [{ variable: 'l1x' }, { value: '\\.' }, { value: '_' }], 'outx')] }),
  },
  upper: { value: (r) => str(word(r)), functions: () => ({ functions: [fn('UCASE', [{ variable: 'l1x' }], 'outx')] }) },
  strafter: {
    value: (r) => str(`${word(r, 2, 4)}-${word(r, 3, 6)}`),
    functions: () => ({ functions: [fn('STRAFTER', [{ variable: 'l1x' }, { value: '-' }], 'outx')] }),
  },
  iri: {
    value: (r) => str(`${word(r)} ${word(r)}`),
    functions: (r) => {
      const base = `http://out.example/${word(r)}/`;
      return {
        functions: [
          fn('ENCODE_FOR_URI', [{ variable: 'l1x' }], 'e1x'),
          fn('CONCAT', [{ value: base }, { variable: 'e1x' }], 'c1x'),
          fn('IRI', [{ variable: 'c1x' }], 'outx'),
        ],
      };
    },
  },
  affine: {
    value: (r) => typedLiteral(decimal(r), 'decimal'),
    functions: (r) => ({
      functions: [
        fn('*', [{ variable: 'l1x' }, decimalParam(pick(r, ['2', '3', '1.5', '0.5', '4']))], 'm1x'),
        fn('+', [{ variable: 'm1x' }, integer(String(1 + Math.floor(r() * 90)))], 'outx'),
      ],
    }),
  },
  grams: {
    value: (r) => typedLiteral(decimal(r), 'decimal'),
    functions: () => ({
      functions: [
        fn('*', [{ variable: 'l1x' }, integer('1000')], 'm1x'),
        fn('xsd:integer', [{ variable: 'm1x' }], 'i1x'),
        fn('STR', [{ variable: 'i1x' }], 'outx'),
      ],
    }),
  },
  fahrenheit: {
    value: (r) => typedLiteral(decimal(r), 'decimal'),
    functions: () => ({
      functions: [fn('*', [{ variable: 'l1x' }, decimalParam('1.8')], 'm1x'), fn('+', [{ variable: 'm1x' }, integer('32')], 'outx')],
    }),
  },
  epoch: {
    value: (r) => typedLiteral(String(1_000_000_000 + Math.floor(r() * 900_000_000)), 'integer'),
    functions: () => ({ functions: [fn('<http://www.inter-iot.eu/sripas/functions#unixEpochToUTC>', [{ variable: 'l1x' }], 'outx')] }),
  },
  constant: { value: (r) => str(word(r)), functions: (r) => ({ functions: [], constant: str(`fixed ${word(r)}`) }) },
  lower: {
    value: (r) => str(`${word(r, 2, 4).toUpperCase()}${word(r, 2, 4)}`),
    functions: () => ({ functions: [fn('LCASE', [{ variable: 'l1x' }], 'outx')] }),
  },
  strbefore: {
    value: (r) => str(`${word(r)}@${word(r)}.example`),
    functions: () => ({ functions: [fn('STRBEFORE', [{ variable: 'l1x' }, { value: '@' }], 'outx')] }),
  },
  year: {
    value: (r) => str(`${1900 + Math.floor(r() * 120)}-${digits(r, 2)}-${digits(r, 2)}`),
    functions: () => ({
      functions: [fn('SUBSTR', [{ variable: 'l1x' }, integer('1'), integer('4')], 'outx')],
    }),
  },
  retype: { value: (r) => str(decimal(r)), functions: () => ({ functions: [fn('STR', [{ variable: 'l1x' }], 'outx')], typing: `${XSD}decimal` }) },
  kelvin: {
    value: (r) => typedLiteral(decimal(r), 'decimal'),
    functions: () => ({ functions: [fn('+', [{ variable: 'l1x' }, decimalParam('273.15')], 'outx')] }),
  },
  pair: {
    value: (r) => str(word(r)),
    second: (r) => str(digits(r, 3)),
    functions: () => ({ functions: [fn('CONCAT', [{ variable: 'l1x' }, { value: ' #' }, { variable: 'l2x' }], 'outx')] }),
  },
  pounds: {
    value: (r) => typedLiteral(decimal(r), 'decimal'),
    functions: () => ({ functions: [fn('*', [{ variable: 'l1x' }, decimalParam('2.20462')], 'outx')] }),
  },
  millis: {
    value: (r) => typedLiteral(digits(r, 3), 'integer'),
    functions: () => ({ functions: [fn('*', [{ variable: 'l1x' }, integer('1000')], 'outx')] }),
  },
  seconds: {
    value: (r) => typedLiteral(digits(r, 6), 'integer'),
    functions: () => ({ functions: [fn('/', [{ variable: 'l1x' }, integer('1000')], 'outx')] }),
  },
  celsius: {
    value: (r) => typedLiteral(decimal(r), 'decimal'),
    functions: () => ({
      functions: [fn('-', [{ variable: 'l1x' }, integer('32')], 'm1x'), fn('/', [{ variable: 'm1x' }, decimalParam('1.8')], 'outx')],
    }),
  },
  round: {
    value: (r) => typedLiteral(decimal(r), 'decimal'),
    functions: () => ({ functions: [fn('ROUND', [{ variable: 'l1x' }], 'outx')] }),
  },
  substrings: {
    value: (r) => str(`${word(r, 3, 3).toUpperCase()}${digits(r, 4)}`),
    functions: () => ({
      functions: [
        fn('SUBSTR', [{ variable: 'l1x' }, integer('1'), integer('3')], 's1x'),
        fn('SUBSTR', [{ variable: 'l1x' }, integer('4')], 's2x'),
        fn('CONCAT', [{ variable: 's1x' }, { value: '-' }, { variable: 's2x' }], 'outx'),
      ],
    }),
  },
  flag: {
    // Two categories to a boolean: the examples split.
    categories: 2,
    value: (_r, i) => str(STATES[i % 2] ?? ''),
    functions: () => ({
      functions: [
        fn('sameTerm', [{ variable: 'l1x' }, { value: 'active' }], 'c1x'),
        fn('IF', [{ variable: 'c1x' }, { value: 'true', datatype: BOOLEAN }, { value: 'false', datatype: BOOLEAN }], 'outx'),
      ],
    }),
  },
  lookup: {
    // Three categories to three codes.
    categories: 3,
    value: (_r, i) => str(STATES[i % 3] ?? ''),
    functions: (r) => {
      const codes = [word(r, 2, 2), word(r, 3, 3), word(r, 4, 4)];
      return {
        functions: [
          fn('sameTerm', [{ variable: 'l1x' }, { value: 'active' }], 'c1x'),
          fn('sameTerm', [{ variable: 'l1x' }, { value: 'standby' }], 'c2x'),
          fn('IF', [{ variable: 'c2x' }, { value: codes[1] ?? '' }, { value: codes[2] ?? '' }], 'i1x'),
          fn('IF', [{ variable: 'c1x' }, { value: codes[0] ?? '' }, { variable: 'i1x' }], 'outx'),
        ],
      };
    },
  },
  threshold: {
    // Two values split at a number: no number of examples pins where, so it generalises or asks.
    categories: Infinity,
    value: (r, i) => typedLiteral(`${i % 2 === 0 ? 10 + Math.floor(r() * 20) : 31 + Math.floor(r() * 20)}.${digits(r, 1)}`, 'decimal'),
    functions: () => ({
      functions: [
        fn('-', [{ variable: 'l1x' }, integer('30')], 'd1x'),
        fn('STR', [{ variable: 'd1x' }], 's1x'),
        fn('STRSTARTS', [{ variable: 's1x' }, { value: '-' }], 'c1x'),
        fn('IF', [{ variable: 'c1x' }, { value: 'cold' }, { value: 'hot' }], 'outx'),
      ],
    }),
  },
  units: {
    // A measurement in grams or kilograms, by a unit attribute, normalised to grams: each branch a function.
    categories: 2,
    value: (r) => typedLiteral(decimal(r), 'decimal'),
    second: (_r, i) => str(i % 2 === 0 ? 'kg' : 'g'),
    functions: () => ({
      functions: [
        fn('*', [{ variable: 'l1x' }, integer('1000')], 'm1x'),
        fn('sameTerm', [{ variable: 'l2x' }, { value: 'kg' }], 'c1x'),
        fn('IF', [{ variable: 'c1x' }, { variable: 'm1x' }, { variable: 'l1x' }], 'outx'),
      ],
    }),
  },
  prefixed: {
    // A text category by its prefix.
    categories: 2,
    value: (r, i) => str(`${i % 2 === 0 ? 'ERR' : 'OK'}-${digits(r, 3)}`),
    functions: () => ({
      functions: [
        fn('STRSTARTS', [{ variable: 'l1x' }, { value: 'ERR' }], 'c1x'),
        fn('IF', [{ variable: 'c1x' }, { value: 'error' }, { value: 'ok' }], 'outx'),
      ],
    }),
  },
  capitalise: {
    value: (r) => str(word(r, 4, 8)),
    functions: () => ({
      functions: [
        fn('SUBSTR', [{ variable: 'l1x' }, integer('1'), integer('1')], 'f1x'),
        fn('UCASE', [{ variable: 'f1x' }], 'u1x'),
        fn('SUBSTR', [{ variable: 'l1x' }, integer('2')], 'r1x'),
        fn('CONCAT', [{ variable: 'u1x' }, { variable: 'r1x' }], 'outx'),
      ],
    }),
  },
  slug: {
    value: (r) => str(`${word(r, 3, 5).toUpperCase()} ${word(r, 3, 5)} ${word(r, 2, 4)}`),
    functions: () => ({
      functions: [fn('LCASE', [{ variable: 'l1x' }], 'c1x'), fn('REPLACE', [{ variable: 'c1x' }, { value: ' ' }, { value: '-' }], 'outx')],
    }),
  },
  encode: {
    value: (r) => str(`${word(r)} ${word(r)}/${digits(r, 2)}`),
    functions: () => ({ functions: [fn('ENCODE_FOR_URI', [{ variable: 'l1x' }], 'outx')] }),
  },
  double: {
    value: (r) => typedLiteral(decimal(r), 'decimal'),
    functions: () => ({ functions: [fn('xsd:double', [{ variable: 'l1x' }], 'outx')] }),
  },
  text: {
    value: (r) => typedLiteral(digits(r, 3), 'integer'),
    functions: () => ({ functions: [fn('STR', [{ variable: 'l1x' }], 'outx')] }),
  },
  between: {
    value: (r) => str(`${word(r, 2, 3)}::${word(r, 3, 6)}::${digits(r, 2)}`),
    functions: () => ({
      functions: [fn('STRAFTER', [{ variable: 'l1x' }, { value: '::' }], 'a1x'), fn('STRBEFORE', [{ variable: 'a1x' }, { value: '::' }], 'outx')],
    }),
  },
  language: {
    // A language-tagged text kept with its tag, and its text alone.
    value: (r) => factory.literal(`${word(r)} ${word(r)}`, pick(r, ['en', 'de', 'fr-CA'])),
    functions: () => ({ functions: [fn('UCASE', [{ variable: 'l1x' }], 'outx')] }),
  },
  untagged: {
    value: (r) => factory.literal(`${word(r)} ${word(r)}`, pick(r, ['en', 'it'])),
    functions: () => ({ functions: [fn('STR', [{ variable: 'l1x' }], 'outx')] }),
  },
  iriname: {
    // An attribute whose value is an IRI: its local name as text.
    value: (r) => factory.namedNode(`http://vocab.example/state/${word(r).toUpperCase()}`),
    functions: () => ({
      functions: [fn('STR', [{ variable: 'l1x' }], 's1x'), fn('REPLACE', [{ variable: 's1x' }, { value: '^.*/' }, { value: '' }], 'outx')],
    }),
  },
  irimap: {
    // An IRI value moved to another namespace.
    value: (r) => factory.namedNode(`http://vocab.example/state/${word(r)}`),
    functions: () => ({
      functions: [
        fn('STR', [{ variable: 'l1x' }], 's1x'),
        fn('REPLACE', [{ variable: 's1x' }, { value: '^.*/' }, { value: '' }], 'n1x'),
        fn('CONCAT', [{ value: 'http://other.example/kind#' }, { variable: 'n1x' }], 'c1x'),
        fn('IRI', [{ variable: 'c1x' }], 'outx'),
      ],
    }),
  },
  localname: {
    value: (r) => str(word(r)),
    functions: () => ({
      functions: [fn('STR', [{ variable: 'ax' }], 's1x'), fn('REPLACE', [{ variable: 's1x' }, { value: '^.*/' }, { value: '' }], 'outx')],
    }),
  },
};

export interface RandomCase {
  readonly family: string;
  /** Examples needed to show every branch of the family (1 for a family without categories). */
  readonly branches: number;
  readonly alignment: string;
  /** A fresh input message (payload quads) of the format. */
  readonly input: (rng: Random) => RDF.Quad[];
  readonly message: (quads: readonly RDF.Quad[]) => string;
}

/** One random format and reference alignment of a family. */
export function randomCase(family: string, seed: number): RandomCase {
  const rng = seededRandom(seed);
  const spec = FAMILIES[family];
  if (spec === undefined) throw new Error(`no family ${family}`);
  const ns = `http://gen${seed}.example/${word(rng)}#`;
  const term = (local: string) => factory.namedNode(ns + local);
  const [rootClass, childClass, newClass] = [term(`C${word(rng)}`), term(`K${word(rng)}`), term(`N${word(rng)}`)];
  const [attribute, child, output, attribute2] = [term(word(rng)), term(`has${word(rng)}`), term(`out${word(rng)}`), term(`y${word(rng)}`)];
  const distractors = Array.from({ length: 1 + Math.floor(rng() * 3) }, () => term(`x${word(rng)}`));
  const nested = rng() < 0.4;
  const { functions, constant, typing } = spec.functions(rng);
  const v = (name: string) => factory.namedNode(VAR_NS + name);
  const root = v('ax');
  // Half the nested formats put the attribute two levels down (root -> part -> holder); drawn from a
  // stream of its own, so the draws of earlier versions of the generator stay as they were.
  const deep = nested && seededRandom(seed * 37 + 11)() < 0.5;
  const part = term(`has${word(seededRandom(seed * 41 + 3))}p`);
  const holder = nested ? v('bx') : root;
  const rdfType = factory.namedNode(`${NS.rdf}type`);
  const q = (s: RDF.Term, p: RDF.NamedNode, o: RDF.Term) => factory.quad(s as RDF.Quad_Subject, p, o as RDF.Quad_Object);
  const path = !nested
    ? []
    : deep
      ? [q(root, part, v('px')), q(v('px'), child, holder), q(holder, rdfType, childClass)]
      : [q(root, child, holder), q(holder, rdfType, childClass)];
  const second = spec.second === undefined ? [] : [q(holder, attribute2, v('l2x'))];
  const entity1 = [q(root, rdfType, rootClass), ...path, q(holder, attribute, v('l1x')), ...second];
  const value = constant ?? (functions.length === 0 ? v('l1x') : v('outx'));
  // Sometimes the output keeps the attribute the value is computed from.
  const keep = rng() < 0.3 ? [q(holder, attribute, v('l1x')), ...second] : [];
  const entity2 = [q(root, rdfType, newClass), ...path, q(holder, output, value), ...keep];
  const typings = typing === undefined ? [] : [{ variable: 'outx', datatype: typing }];
  const draft: CellDraft = { entity1, entity2, functions, typings, slots: [], unusedLiterals: new Map(), example: 0 };
  const prefixes: Array<[string, string]> = [['gen', ns]];
  const alignment = writeSuggestion([draft], { name: `random_${family}_${seed}`, version: '1.0' }, suggestionPrefixes(prefixes));
  // Some formats carry two items per message (each translated by the cell on its own): drawn from a
  // stream of its own, so that the draws above stay those of earlier versions of the generator.
  const items = seededRandom(seed * 31 + 7)() < 0.3 ? 2 : 1;
  let counter = 0;
  const item = (r: Random): RDF.Quad[] => {
    const id = factory.namedNode(`http://data${seed}.example/item/${word(r)}${++counter}`);
    const inner = nested ? factory.blankNode(`c${counter}`) : id;
    const quads = [q(id, rdfType, rootClass), ...distractors.map((d) => q(id, d, str(`${word(r)} ${digits(r, 3)}`)))];
    if (nested && deep) {
      const middle = factory.blankNode(`p${counter}`);
      quads.push(q(id, part, middle), q(middle, child, inner), q(inner, rdfType, childClass));
    } else if (nested) quads.push(q(id, child, inner), q(inner, rdfType, childClass));
    quads.push(q(inner, attribute, spec.value(r, counter)));
    if (spec.second !== undefined) quads.push(q(inner, attribute2, spec.second(r, counter)));
    return quads;
  };
  const input = (r: Random): RDF.Quad[] => Array.from({ length: items }, () => item(r)).flat();
  const payload = factory.namedNode('http://inter-iot.eu/message/payload');
  const message = (quads: readonly RDF.Quad[]) =>
    serializeMessage(
      quads.map((x) => factory.quad(x.subject, x.predicate, x.object, payload)),
      prefixes,
    );
  return { family, branches: spec.categories ?? 1, alignment, input, message };
}
