/**
 * The SPARQL 1.1 functions a cell's `sripas:function` may name (reference-mediator.md 3.4, 3.9,
 * section 4), evaluated on RDF/JS terms. A type error throws `ExpressionError`, which leaves the BIND
 * variable unbound as SPARQL prescribes. Lexical forms of computed numbers follow Jena, the
 * reference's engine (`17.0e0` for doubles), since consumers may compare them as text.
 */
import { factory, languageLiteral, RDF_LANG_STRING, XSD_STRING, type RDF } from '../rdf/terms.js';
import { CellFailure, ExpressionError, fail } from './expression-error.js';
import { CAST_TARGETS, plainJavaDigits, xsdCast } from './xsd-cast.js';
import {
  checkConstantPattern,
  contains,
  jenaEncodeForUri,
  replace,
  strAfter,
  strBefore,
  strEnds,
  strStarts,
  substring,
  toIri,
  xpathConcat,
  xpathNormalizeSpace,
} from './jena-strings.js';
import { matches } from './functions-terms.js';
import { FN_ROUND_WITH_PRECISION } from './functions-xpath-round.js';
import { integerLiteral, integral, numericAbs, numericValue, toNumeric, xpathRound } from './numeric.js';
import {
  bool,
  def,
  FN,
  likeArg,
  simpleLiteral,
  stringArg,
  XSD,
  type FunctionDef,
  type FunctionImpl,
  plainStringArg,
  type LazyImpl,
} from './function-support.js';
import { EXTRA_BUILTINS, EXTRA_BY_IRI, FN_ALIASES } from './functions-extra.js';
import { arqLibrary } from './functions-arq.js';

export { ExpressionError };
export type { FunctionImpl };
export { jenaDecimalLexical, jenaDoubleLexical, jenaFloatLexical } from './numeric.js';
export { arithmetic } from './temporal-arithmetic.js';

/** Stable IRI of the reference's one custom function, plus the `java:` alias it was reachable by (section 4). */
export const UNIX_EPOCH_TO_UTC_IRIS = [
  'http://www.inter-iot.eu/sripas/functions#unixEpochToUTC',
  'java:eu.interiot.ipsm.core.functions.unixEpochToUTC',
] as const;

const xsdString = factory.namedNode(XSD_STRING);

// ---- IRIs ------------------------------------------------------------------------------------

/**
 * What Jena 3.9's IRI() takes as absolute: a scheme, i.e. a colon with no `/`, `?` or `#` before it
 * (`urn:x`, `1abc:x`, even `a b:c`: its IRI library only warns about the rest). A relative string is
 * an error there (no base is set for a cell's update), so the variable stays unbound.
 */
// eslint-disable-next-line no-control-regex -- control characters cannot be written in N-Triples or JSON-LD output
const ABSOLUTE_IRI = /^[^/?#\u0000-\u001f]*:[^\u0000-\u001f]*$/;

// ---- the table -------------------------------------------------------------------------------

const str = def(([t]) => {
  if (t === undefined) fail('STR() needs an argument');
  // The reference's Jena raises an evaluation error for STR of a blank node (CONTRACT.md): two
  // golden chains depend on the variable then staying unbound.
  if (t.termType === 'BlankNode') fail('STR() of a blank node');
  return simpleLiteral(t.value);
}, 1);

function unixEpochToUtc([t]: readonly RDF.Term[]): RDF.Term {
  const n = toNumeric(t, 'unixEpochToUTC');
  if (n.kind !== 'integer') fail('unixEpochToUTC needs an integer');
  const date = new Date(Number(n.big) * 1000);
  if (Number.isNaN(date.getTime())) fail('unixEpochToUTC: out of range');
  const p = (v: number) => String(v).padStart(2, '0');
  // Java pattern `yyy:MM:dd HH:mm:ss` (section 4), in UTC: the reference's docker default zone.
  return simpleLiteral(
    `${date.getUTCFullYear()}:${p(date.getUTCMonth() + 1)}:${p(date.getUTCDate())} ${p(date.getUTCHours())}:${p(date.getUTCMinutes())}:${p(date.getUTCSeconds())}`,
  );
}

function concat(args: readonly RDF.Term[]): RDF.Term {
  let out = '';
  let lang: string | undefined;
  let allStrings = true;
  for (const a of args) {
    const s = stringArg(a, 'CONCAT');
    out += s.value;
    if (s.language !== '') {
      if (lang === undefined) lang = s.language;
      else if (lang !== s.language) lang = '';
      allStrings = false;
    } else {
      lang = '';
    }
  }
  if (!allStrings && lang !== undefined && lang !== '') return languageLiteral(out, lang);
  return simpleLiteral(out);
}

/** Built once: compared on every STRDT call (a template literal there builds a new string each time). */
const XSD_DECIMAL = `${XSD}decimal`;
function strdt([lex, dt]: readonly RDF.Term[]): RDF.Term {
  const l = stringArg(lex, 'STRDT');
  if (l.language !== '') fail('STRDT() of a language-tagged string');
  if (dt === undefined || dt.termType !== 'NamedNode') fail('STRDT() needs a datatype IRI');
  // Like Jena, no check that the lexical form fits the datatype (section 3.3: kept for fidelity);
  // but reading the new literal can throw in Jena (a decimal with spaces), which fails the cell.
  const literal = factory.literal(l.value, dt);
  // Only a decimal can throw there, and only one with whitespace at an end (numericValue throws
  // when the collapsed form differs from the written one): the check, which reads the digits into
  // a BigInt, stays off the typing BINDs of every other cell and of plain decimals.
  const v = l.value;
  if (dt.value === XSD_DECIMAL && !(v.charCodeAt(0) > 32 && v.charCodeAt(v.length - 1) > 32)) numericValue(literal);
  return literal;
}

/** SPARQL built-ins by upper-case name; the reference passed names to Jena verbatim and Jena is case-insensitive. */
const BUILTINS: Record<string, FunctionDef> = {
  STR: str,
  IRI: def(([t]) => toIri(t, ABSOLUTE_IRI), 1),
  URI: def(([t]) => toIri(t, ABSOLUTE_IRI), 1),
  CONCAT: def(concat, 0, Infinity),
  REPLACE: { ...def(replace, 3, 4), staticCheck: (constants) => checkConstantPattern(constants, 1, 3, true) },
  STRDT: def(strdt, 2),
  // Jena 3.9 (NodeFunctions.strLang) takes two simple literals or xsd:strings and refuses only an
  // empty tag; the tag keeps its letter case (tags compare without case).
  STRLANG: def(([lex, lang]) => {
    const l = plainStringArg(lex, 'STRLANG');
    const tag = plainStringArg(lang, 'STRLANG').value;
    if (tag === '') fail('STRLANG() with an empty language tag');
    return languageLiteral(l.value, tag);
  }, 2),
  LCASE: def(([t]) => {
    const s = stringArg(t, 'LCASE');
    return likeArg(s.value.toLowerCase(), s);
  }, 1),
  UCASE: def(([t]) => {
    const s = stringArg(t, 'UCASE');
    return likeArg(s.value.toUpperCase(), s);
  }, 1),
  STRLEN: def(([t]) => integerLiteral([...stringArg(t, 'STRLEN').value].length), 1),
  SUBSTR: def(substring, 2, 3),
  STRSTARTS: def(strStarts, 2),
  STRENDS: def(strEnds, 2),
  CONTAINS: def(contains, 2),
  STRBEFORE: def(strBefore, 2),
  STRAFTER: def(strAfter, 2),
  ENCODE_FOR_URI: def(([t]) => simpleLiteral(jenaEncodeForUri(stringArg(t, 'ENCODE_FOR_URI').value)), 1),
  LANG: def(([t]) => {
    if (t === undefined || t.termType !== 'Literal') fail('LANG() needs a literal');
    return simpleLiteral(t.language);
  }, 1),
  DATATYPE: def(([t]) => {
    if (t === undefined || t.termType !== 'Literal') fail('DATATYPE() needs a literal');
    return t.language !== '' ? factory.namedNode(RDF_LANG_STRING) : t.datatype;
  }, 1),
  ABS: def(([t]) => numericAbs(t), 1),
  CEIL: def(([t]) => integral('CEIL')(t), 1),
  FLOOR: def(([t]) => integral('FLOOR')(t), 1),
  ROUND: def(([t]) => integral('ROUND')(t), 1),
  ISIRI: def(([t]) => bool(t?.termType === 'NamedNode'), 1),
  ISURI: def(([t]) => bool(t?.termType === 'NamedNode'), 1),
  ISBLANK: def(([t]) => bool(t?.termType === 'BlankNode'), 1),
  ISLITERAL: def(([t]) => bool(t?.termType === 'Literal'), 1),
  // Jena 3.9: an ill-typed literal ("abc"^^xsd:integer, "300"^^xsd:byte) is no number.
  ISNUMERIC: def(([t]) => bool(numericValue(t) !== undefined), 1),
};

const BY_IRI: Record<string, FunctionDef> = {
  [`${FN}upper-case`]: BUILTINS.UCASE as FunctionDef,
  [`${FN}lower-case`]: BUILTINS.LCASE as FunctionDef,
  [`${FN}concat`]: def(xpathConcat, 0, Infinity),
  // fn:round(x) as Jena 3.9's FN_Round; with a precision, F&O 3.0's rounding (functions-xpath-round.ts).
  [`${FN}round`]: def(([t, precision]) => (precision === undefined ? xpathRound(t, plainJavaDigits) : FN_ROUND_WITH_PRECISION.impl([t!, precision])), 1, 2),
  // fn:matches: REGEX's test without the keyword's failures of the whole cell.
  [`${FN}matches`]: def(matches, 2, 3),
  [`${FN}substring`]: BUILTINS.SUBSTR as FunctionDef,
  [`${FN}string-length`]: BUILTINS.STRLEN as FunctionDef,
  [`${FN}contains`]: BUILTINS.CONTAINS as FunctionDef,
  [`${FN}starts-with`]: BUILTINS.STRSTARTS as FunctionDef,
  [`${FN}ends-with`]: BUILTINS.STRENDS as FunctionDef,
  // fn:replace compiles its pattern only when it runs: a bad one is an error, not a failed cell.
  [`${FN}replace`]: def(replace, 3, 4),
  [`${FN}encode-for-uri`]: BUILTINS.ENCODE_FOR_URI as FunctionDef,
  [`${FN}normalize-space`]: def(xpathNormalizeSpace, 1),
};
for (const iri of UNIX_EPOCH_TO_UTC_IRIS) BY_IRI[iri] = def(unixEpochToUtc, 1);
for (const target of CAST_TARGETS) BY_IRI[target] = def(([t]) => xsdCast(t, target), 1);
// The groups in their own modules (conditionals, dates, hashes, term tests, the XPath library).
// Entries here win over the extra groups': these are the ones the golden alignments exercise.
for (const [name, d] of Object.entries(EXTRA_BUILTINS)) BUILTINS[name] ??= d;
for (const [iri, d] of Object.entries(EXTRA_BY_IRI)) BY_IRI[iri] ??= d;
// Jena's own library (afn:), partly built on the tables above.
for (const [iri, d] of Object.entries(arqLibrary(BUILTINS, BY_IRI))) BY_IRI[iri] ??= d;
for (const [iri, name] of Object.entries(FN_ALIASES)) {
  const builtin = BUILTINS[name];
  if (builtin !== undefined) BY_IRI[iri] ??= builtin;
}
BY_IRI[`${FN}apply`] = def(applyByIri, 1, Infinity);
// Only the REGEX keyword compiles a constant pattern while the update is parsed; fn:matches does it when it runs.
if (BUILTINS.REGEX !== undefined) BUILTINS.REGEX = { ...BUILTINS.REGEX, staticCheck: (constants) => checkConstantPattern(constants, 1, 2, false) };
// No CALL and no VERSION: ARQ's query syntax has them, but the reference parsed a cell as a SPARQL
// 1.1 Update, whose grammar does not (Jena 3.9: "Lexical error ... after: CALL"), so such a cell
// never ran there and is an upload error here.

/**
 * fn:apply as Jena 3.9's FN_Apply: the registered function the first argument's IRI names, on the
 * other arguments. Jena calls it without the arity check a direct call gets when the update is
 * parsed, so a wrong number of arguments, like an unknown IRI or a literal, leaves the variable
 * unbound; fn:apply of fn:apply fails the whole cell (Jena 3.9 then has no function registry at
 * hand: "Exception on cache fill").
 */
function applyByIri([id, ...args]: readonly RDF.Term[]): RDF.Term {
  if (id === undefined || id.termType !== 'NamedNode')
    fail(`fn:apply: the function id is ${id === undefined ? 'missing' : `a ${id.termType}`} (must be an IRI)`);
  if (id.value === `${FN}apply`) throw new CellFailure('fn:apply of fn:apply: Jena 3.9 fails the whole update ("Exception on cache fill")');
  const target = BY_IRI[id.value];
  if (target === undefined || target.lazy !== undefined) fail(`fn:apply: unknown function <${id.value}>`);
  if (args.length < target.minArgs || args.length > target.maxArgs)
    fail(`fn:apply: <${id.value}> takes ${target.minArgs} to ${target.maxArgs} arguments, not ${args.length}`);
  return target.impl(args);
}

export interface RegisteredFunction {
  /** An upper-case built-in keyword, or an IRI. */
  readonly name: string;
  readonly keyword: boolean;
  readonly minArgs: number;
  readonly maxArgs: number;
}

/** Every function the mediator knows, for generated tests (the Jena differential draws its calls from this). */
export function registeredFunctions(): RegisteredFunction[] {
  return [
    ...Object.entries(BUILTINS).map(([name, f]) => ({ name, keyword: true, minArgs: f.minArgs, maxArgs: f.maxArgs })),
    ...Object.entries(BY_IRI).map(([name, f]) => ({ name, keyword: false, minArgs: f.minArgs, maxArgs: f.maxArgs })),
  ];
}

export interface ResolvedFunction {
  readonly impl: FunctionImpl;
  /** The IRI or upper-case built-in name it resolved to, for messages. */
  readonly resolvedName: string;
  readonly minArgs: number;
  readonly maxArgs: number;
  /** Functional forms only (IF, COALESCE, BOUND, BNODE...): takes its arguments unevaluated. */
  readonly lazy?: LazyImpl;
  /** True when an error in an argument need not fail the call (COALESCE, BOUND). */
  readonly tolerant?: boolean;
}

/**
 * Resolves a function name as the reference's SPARQL text would have: a built-in keyword (any
 * case), a prefixed name using one of the alignment's `xmlns` prefixes, or an `<IRI>`.
 * Undefined when the mediator has no such function.
 */
export function resolveFunction(name: string, prefixes: ReadonlyMap<string, string>): ResolvedFunction | undefined {
  const trimmed = name.trim();
  const builtin = BUILTINS[trimmed.toUpperCase()];
  if (builtin !== undefined && /^[A-Za-z_][A-Za-z0-9_]*$/.test(trimmed)) return { ...builtin, resolvedName: trimmed.toUpperCase() };
  let iri: string | undefined;
  const bracketed = /^<([^<>]*)>$/.exec(trimmed);
  if (bracketed !== null) iri = bracketed[1];
  else {
    const colon = trimmed.indexOf(':');
    if (colon >= 0) {
      const ns = prefixes.get(trimmed.slice(0, colon));
      if (ns !== undefined) iri = ns + trimmed.slice(colon + 1);
    }
  }
  if (iri === undefined) return undefined;
  const found = BY_IRI[iri];
  return found === undefined ? undefined : { ...found, resolvedName: iri };
}

export { xsdString };

export interface FunctionSignature {
  /** As a cell writes it: the built-in's name, or the IRI in angle brackets. */
  readonly name: string;
  readonly minArgs: number;
  /** `Infinity` for CONCAT. */
  readonly maxArgs: number;
}

/** Every function a cell may name (the set `resolveFunction` knows), for the workbench's function picker. */
export function functionSignatures(): FunctionSignature[] {
  return [
    ...Object.entries(BUILTINS).map(([name, d]) => ({ name, minArgs: d.minArgs, maxArgs: d.maxArgs })),
    ...Object.entries(BY_IRI).map(([iri, d]) => ({ name: `<${iri}>`, minArgs: d.minArgs, maxArgs: d.maxArgs })),
  ];
}
