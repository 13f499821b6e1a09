/**
 * What every group of translation functions shares: the shape of a table entry, argument checks
 * and result builders. The groups (`functions.ts`, `functions-conditional.ts`, ...) each export a
 * table that `functions.ts` merges into the one registry the compiler resolves names in.
 */
import { factory, languageLiteral, NS, RDF_LANG_STRING, XSD_STRING, type RDF } from '../rdf/terms.js';
import { fail } from './expression-error.js';

export const XSD = NS.xsd;
/** The XPath function namespace Jena registers its `fn:` library under. */
export const FN = 'http://www.w3.org/2005/xpath-functions#';

export type FunctionImpl = (args: readonly RDF.Term[]) => RDF.Term;

/** An argument not evaluated yet: functional forms (IF, COALESCE, BOUND) evaluate only what they need. */
export type Thunk = () => RDF.Term;

/** What a functional form may ask of the solution it runs in. */
export interface FormContext {
  /** A blank node no other term of the graph uses (BNODE). */
  freshBlank(): RDF.Term;
  /** One object per solution: BNODE("x") twice in one solution is one node (SPARQL 17.4.2.9). */
  readonly solution: object;
}

export type LazyImpl = (args: readonly Thunk[], context: FormContext) => RDF.Term;

export interface FunctionDef {
  readonly impl: FunctionImpl;
  readonly minArgs: number;
  readonly maxArgs: number;
  /** Set for functional forms: called with unevaluated arguments instead of `impl`. */
  readonly lazy?: LazyImpl;
  /** True when an error in an argument need not fail the call (COALESCE, BOUND). */
  readonly tolerant?: boolean;
  /**
   * Run when a call is compiled, with the arguments that are constants (undefined for the others):
   * a CellFailure it throws is what Jena throws while parsing the update (a REPLACE pattern), and
   * every evaluation of the call then fails the cell.
   */
  readonly staticCheck?: (constants: readonly (RDF.Term | undefined)[]) => void;
}

export function def(impl: FunctionImpl, minArgs: number, maxArgs = minArgs): FunctionDef {
  return { impl, minArgs, maxArgs };
}

/** A functional form: `impl` (never called by the compiler) evaluates eagerly, for callers with values in hand. */
export function lazyDef(lazy: LazyImpl, minArgs: number, maxArgs: number, tolerant = false): FunctionDef {
  const impl: FunctionImpl = (args) =>
    lazy(
      args.map((a) => () => a),
      { freshBlank: () => factory.blankNode(), solution: {} },
    );
  return { impl, lazy, minArgs, maxArgs, tolerant };
}

export function describe(t: RDF.Term): string {
  if (t.termType === 'NamedNode') return `<${t.value}>`;
  if (t.termType === 'BlankNode') return 'a blank node';
  if (t.termType === 'Literal') return t.language !== '' ? `"${t.value}"@${t.language}` : `"${t.value}"^^<${t.datatype.value}>`;
  return t.value;
}

export function isStringLiteral(t: RDF.Term): t is RDF.Literal {
  return t.termType === 'Literal' && (t.datatype.value === XSD_STRING || t.datatype.value === RDF_LANG_STRING || t.language !== '');
}

/** A simple literal or xsd:string (no language tag): Jena's `isString()`. */
export function isPlainString(t: RDF.Term): boolean {
  return t.termType === 'Literal' && t.language === '' && t.datatype.value === XSD_STRING;
}

export function stringArg(t: RDF.Term | undefined, fn: string): RDF.Literal {
  if (t === undefined || !isStringLiteral(t)) fail(`${fn}() needs a string literal, got ${t === undefined ? 'nothing' : describe(t)}`);
  return t;
}

/** A simple literal or xsd:string, for arguments where a language tag is an error (hashes, patterns). */
export function plainStringArg(t: RDF.Term | undefined, fn: string): RDF.Literal {
  if (t === undefined || !isPlainString(t)) fail(`${fn}() needs a simple literal or xsd:string, got ${t === undefined ? 'nothing' : describe(t)}`);
  return t as RDF.Literal;
}

export function simpleLiteral(value: string): RDF.Literal {
  return factory.literal(value);
}

/** A result with the same language tag or string type as `like` (SPARQL 17.4.3 string functions). */
export function likeArg(value: string, like: RDF.Literal): RDF.Literal {
  return like.language !== '' ? languageLiteral(value, like.language) : factory.literal(value);
}

const XSD_BOOLEAN = factory.namedNode(`${XSD}boolean`);
const TRUE = factory.literal('true', XSD_BOOLEAN);
const FALSE = factory.literal('false', XSD_BOOLEAN);

export function bool(b: boolean): RDF.Literal {
  return b ? TRUE : FALSE;
}

export function typedLiteral(value: string, datatype: string): RDF.Literal {
  return factory.literal(value, factory.namedNode(datatype));
}
