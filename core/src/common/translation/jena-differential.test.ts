/**
 * The expression language against the reference's own evaluator (issue 38): Apache Jena ARQ 3.9.0,
 * what IPSM 0.8.10 ran every cell on, evaluates the same BIND chains as our engine, and every
 * answer must agree in lexical form, datatype, language tag, unbound-ness and whether the cell as a
 * whole fails. The chains are generated (test-support/expression-generator.ts) from the mediator's
 * own function table, with a fixed seed; JENA_DIFF_SEED replays another seed, JENA_DIFF_COUNT
 * changes how many. A list of the issue's own examples runs too, checked against the answers the
 * issue reports from the reference (so they hold even where Java is missing) and against Jena.
 *
 * Needs `npm run setup` (scripts/setup-jena.mjs: Jena's jars from Maven Central and the compiled
 * evaluator). Without them the suite skips locally with the reason and fails under CI=true.
 */
import { describe, expect, it } from 'vitest';
import { factory, NS, type RDF } from '../rdf/terms.js';
import { evaluateBindChain } from './evaluate-binds.js';
import { registeredFunctions } from './functions.js';
import { answerText, evaluateWithJena, jenaMissing, type ReferenceAnswer } from '../../test-support/jena-reference.js';
import { caseOf, generateCases, GENERATOR_PREFIXES, type ExpressionSpec, type GeneratedCase } from '../../test-support/expression-generator.js';
import { generateFormatNumberCases } from '../../test-support/format-number-generator.js';
import { generateTemporalCases } from '../../test-support/temporal-generator.js';

const XSD = NS.xsd;
const SEED = Number(process.env.JENA_DIFF_SEED ?? 38);
const COUNT = Number(process.env.JENA_DIFF_COUNT ?? 6000);
/** Date, time and duration operations (temporal-generator.ts); JENA_DIFF_TEMPORAL_COUNT changes how many. */
const TEMPORAL_COUNT = Number(process.env.JENA_DIFF_TEMPORAL_COUNT ?? 4000);
/** fn:format-number calls (format-number-generator.ts); JENA_DIFF_FORMAT_COUNT changes how many. */
const FORMAT_COUNT = Number(process.env.JENA_DIFF_FORMAT_COUNT ?? 2000);
const missing = jenaMissing();
if (missing !== undefined && process.env.CI === 'true') throw new Error(`the Jena 3.9 differential cannot run under CI: ${missing}`);

const B1 = factory.blankNode('b1');
const B2 = factory.blankNode('b2');
const BLANKS: ReadonlyMap<string, RDF.Term> = new Map([
  ['b1', B1],
  ['b2', B2],
]);

/** Our engine's answer, in the reference's terms. */
function ours(c: GeneratedCase): ReferenceAnswer {
  let value: RDF.Term | undefined;
  try {
    value = evaluateBindChain(c.steps, BLANKS, GENERATOR_PREFIXES).values.get('r');
  } catch (error) {
    return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  if (value === undefined) return { kind: 'unbound' };
  if (value.termType === 'NamedNode') return { kind: 'iri', iri: value.value };
  if (value.termType === 'BlankNode') return { kind: 'blank', which: value.equals(B1) ? 'b1' : value.equals(B2) ? 'b2' : 'new' };
  if (value.termType !== 'Literal') throw new Error(`a BIND gave a ${value.termType}`);
  return { kind: 'literal', lexical: value.value, datatype: value.language !== '' ? `${NS.rdf}langString` : value.datatype.value, language: value.language };
}

/**
 * Equal answers; the failures of a whole cell are equal whatever their messages say. Language tags
 * must match in letter case too: STRLANG keeps the case it is given, as Jena does.
 */
function sameAnswer(a: ReferenceAnswer, b: ReferenceAnswer): boolean {
  if (a.kind === 'failed' || b.kind === 'failed') return a.kind === b.kind;
  return answerText(a) === answerText(b);
}

/**
 * Deliberate departures, each bounded and with its reason (README, "Expression language: Jena 3.9
 * departures"): the mediator bounds the work one input can cause, so an exact integer power too
 * large to compute in bounded time (math:pow, math:exp10) is an error here, where Jena computes it.
 */
function deliberate(c: GeneratedCase, jena: ReferenceAnswer, ours: ReferenceAnswer): boolean {
  if (ours.kind === 'unbound' && jena.kind === 'literal' && jena.datatype === `${XSD}integer` && jena.lexical.length > 10_000) return true;
  // IRI() of a string with a control character: Jena makes the IRI (its IRI library only warns);
  // the mediator refuses it, since no N-Triples or JSON-LD output could carry it as an IRI.
  // eslint-disable-next-line no-control-regex -- the control characters are the point
  if (ours.kind === 'unbound' && jena.kind === 'iri' && /[\u0000-\u001f]/.test(jena.iri)) return true;
  // The math: library's exp, log, pow, sin, cos and tan are rounded correctly here; Java's HotSpot
  // intrinsics are not for about one argument in 500 to 1,000 (sin(2.5) among them), a unit in
  // the last place off, which the chain's later double arithmetic may carry to its result.
  // The last digit shows wherever the double goes on as it is written: a double, its lexical form
  // made a string (STR, xsd:string) or cast to a decimal or an integer type; both sides then read
  // as numbers a few units apart. Hashed, the digests differ whole (seed 408: sha1sum of sin(2.5)).
  const mathCall = /xpath-functions\/math#(?:exp|exp10|log|log10|pow|sin|cos|tan)>/.test(c.sparql);
  if (!mathCall || jena.kind !== 'literal' || ours.kind !== 'literal' || ours.datatype !== jena.datatype) return false;
  if (!jena.datatype.startsWith(XSD)) return false;
  // A hash of that double's lexical form (afn:sha1sum, SHA1(STR(...))) differs whole: both hex digests of one length.
  const digest = /^[0-9a-f]{32,128}$/;
  if (/(?:MD5|SHA1|SHA256|SHA384|SHA512|sha1sum)\b/i.test(c.sparql) && digest.test(jena.lexical) && digest.test(ours.lexical))
    return jena.lexical.length === ours.lexical.length;
  if (!/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(jena.lexical) || !/^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(ours.lexical)) return false;
  const a = Number(jena.lexical.replace(/e0$/, ''));
  const b = Number(ours.lexical.replace(/e0$/, ''));
  // Near zero (cos of an angle next to pi/2) the libm differences show as large relative ones.
  if (Math.abs(a) < 1e-15 && Math.abs(b) < 1e-15) return true;
  return Math.abs(a - b) <= 4 * Number.EPSILON * Math.max(Math.abs(a), Math.abs(b));
}

const lit = (lex: string, type?: string) => factory.literal(lex, type === undefined ? undefined : factory.namedNode(type.replace(/^xsd:/, XSD)));
const call = (fn: string, ...args: ExpressionSpec[]): ExpressionSpec => ({ fn, args });
const xsdString = `${XSD}string`;
const langLit = (lex: string, language: string) => factory.literal(lex, language);

/** The issue's examples with the reference's answers as the issue reports them. */
const REGRESSIONS: Array<[ExpressionSpec, ReferenceAnswer]> = [
  [call('*', lit('2', 'xsd:int'), lit('1.25', 'xsd:decimal')), { kind: 'literal', lexical: '2.50', datatype: `${XSD}decimal`, language: '' }],
  [call('-', lit('3', 'xsd:decimal'), lit('4', 'xsd:decimal')), { kind: 'literal', lexical: '-1', datatype: `${XSD}decimal`, language: '' }],
  [call('ROUND', lit('2.5', 'xsd:decimal')), { kind: 'literal', lexical: '3', datatype: `${XSD}decimal`, language: '' }],
  [call('ABS', lit('-2.50', 'xsd:decimal')), { kind: 'literal', lexical: '2.50', datatype: `${XSD}decimal`, language: '' }],
  [call('xsd:integer', lit('-007')), { kind: 'literal', lexical: '-007', datatype: `${XSD}integer`, language: '' }],
  [call('xsd:double', lit('2.5')), { kind: 'literal', lexical: '2.5', datatype: `${XSD}double`, language: '' }],
  [call('xsd:float', lit('3')), { kind: 'literal', lexical: '3', datatype: `${XSD}float`, language: '' }],
  [call('xsd:boolean', lit('1')), { kind: 'literal', lexical: '1', datatype: `${XSD}boolean`, language: '' }],
  [call('xsd:int', lit('9999999999')), { kind: 'unbound' }],
  [call('STRBEFORE', langLit('abc', 'en'), langLit('b', 'fr')), { kind: 'unbound' }],
  [call('CONTAINS', langLit('foobar', 'en'), langLit('oba', 'fr')), { kind: 'unbound' }],
  [call('IRI', langLit('http://example.org/x', 'en')), { kind: 'unbound' }],
  [call('isNUMERIC', lit('abc', 'xsd:integer')), { kind: 'literal', lexical: 'false', datatype: `${XSD}boolean`, language: '' }],
  [call('SUBSTR', lit('foobar'), lit('0', 'xsd:integer')), { kind: 'literal', lexical: 'fooba', datatype: xsdString, language: '' }],
  // The start counts UTF-16 units, the length code points: the cut falls inside the surrogate pair.
  [call('SUBSTR', lit('\u{1d11e}x'), lit('2', 'xsd:integer')), { kind: 'literal', lexical: '\udd1ex', datatype: xsdString, language: '' }],
  [call('SUBSTR', lit('\u{1d11e}x'), lit('1', 'xsd:integer')), { kind: 'unbound' }],
  // A length too large for a Java int: start + length wraps around and back.
  [call('SUBSTR', lit('2.50'), lit('1', 'xsd:integer'), lit('1e39', 'xsd:float')), { kind: 'literal', lexical: '2.50', datatype: xsdString, language: '' }],
  [call('ROUND', lit('1.0E20', 'xsd:double')), { kind: 'literal', lexical: '9.223372036854776E18', datatype: `${XSD}double`, language: '' }],
  [call('xsd:integer', lit('4.7', 'xsd:decimal')), { kind: 'unbound' }],
  [call('xsd:integer', lit(' 4')), { kind: 'unbound' }],
  [
    call('/', lit('1', 'xsd:integer'), lit('3', 'xsd:integer')),
    { kind: 'literal', lexical: '0.333333333333333333333333', datatype: `${XSD}decimal`, language: '' },
  ],
  [call('STR', call('*', lit('1.5e0', 'xsd:double'), lit('2', 'xsd:integer'))), { kind: 'literal', lexical: '3.0e0', datatype: xsdString, language: '' }],
];

const math = (name: string) => `<http://www.w3.org/2005/xpath-functions/math#${name}>`;
const FN = 'http://www.w3.org/2005/xpath-functions#';
const AFN = 'http://jena.apache.org/ARQ/function#';
const xsdLiteral = (lexical: string, type: string): ReferenceAnswer => ({ kind: 'literal', lexical, datatype: `${XSD}${type}`, language: '' });

/**
 * One minimal example per class of divergence the differential found on other seeds than the
 * default one (seeds 1 to 99), each with the answer Jena 3.9 gives (the suite checks it against
 * Jena too).
 */
const OTHER_SEEDS: Array<[ExpressionSpec, ReferenceAnswer]> = [
  // NodeValue.asString(): a boolean is written by its value, a number keeps its lexical form.
  [call('fn:normalize-space', lit('0', 'xsd:boolean')), xsdLiteral('false', 'string')],
  [call('fn:concat', lit(' 1', 'xsd:boolean'), lit('007', 'xsd:integer'), langLit('x', 'en')), xsdLiteral('true007x', 'string')],
  [call('fn:normalize-unicode', lit('1', 'xsd:boolean'), lit('')), xsdLiteral('true', 'string')],
  // Java's trim() and \s: a form feed is collapsed, a control character at the ends trimmed.
  [call('fn:normalize-space', lit('\u0001a\f\fb ')), xsdLiteral('a b', 'string')],
  // Jena 3.9's + joins two strings.
  [call('+', lit('NaN'), lit('1')), xsdLiteral('NaN1', 'string')],
  [call('+', lit('a'), lit('1', 'xsd:integer')), { kind: 'unbound' }],
  // LANGMATCHES splits with Java's String.split, which drops trailing empty parts.
  [call('LANGMATCHES', lit(' 4 '), lit('-')), xsdLiteral('true', 'boolean')],
  [call('LANGMATCHES', lit('en'), lit('en-')), xsdLiteral('true', 'boolean')],
  // IRI() of a blank node is the IRI <_:label>, a term of its own, usable as a datatype.
  [call('IRI', 'b1'), { kind: 'iri', iri: '_:b1' }],
  [call('STRDT', lit('4'), call('URI', 'b1')), { kind: 'literal', lexical: '4', datatype: '_:b1', language: '' }],
  // REGEX's constant flags that are no string fail the update while it is parsed, whatever the text.
  [call('REGEX', call('STRLANG', lit('x'), lit('')), lit('b'), factory.namedNode('http://example.org/a')), { kind: 'failed', message: 'flags' }],
  // fn:normalize-unicode reads its form first, as a literal: a blank node there fails the update.
  [call('fn:normalize-unicode', 'b2', 'b2'), { kind: 'failed', message: 'NotLiteral' }],
  // fn:matches reads pattern and flags with getString(): a tagged string is taken, q quotes.
  [call('fn:matches', lit('a.c'), langLit('.', 'fr'), lit('q')), xsdLiteral('true', 'boolean')],
  [call('fn:matches', lit('abc'), langLit('.', 'fr'), lit('q')), xsdLiteral('false', 'boolean')],
  // math:exp10 and math:pow take an integer exponent with intValue() (wrapping); BigInteger's overflow fails the update.
  [call(math('exp10'), lit('4294967296', 'xsd:integer')), xsdLiteral('1', 'integer')],
  [call(math('exp10'), lit('2147483648', 'xsd:integer')), xsdLiteral('INF', 'double')],
  [call(math('exp10'), lit('1410065408', 'xsd:integer')), { kind: 'failed', message: 'BigInteger would overflow supported range' }],
  [call('ISLITERAL', call(math('exp10'), lit('65536', 'xsd:unsignedInt'))), xsdLiteral('true', 'boolean')],
  [call(math('pow'), lit('2', 'xsd:integer'), lit('4294967297', 'xsd:integer')), xsdLiteral('2', 'integer')],
  // ENCODE_FOR_URI as Jena's IRILib: £ as its code, other ASCII as it is, a lone surrogate as `?`.
  [call('ENCODE_FOR_URI', lit('\u00a3\u0001~é')), xsdLiteral('%A3\u0001~%C3%A9', 'string')],
  [call('fn:encode-for-uri', call('SUBSTR', lit('\u{1d11e}x'), lit('2', 'xsd:integer'))), xsdLiteral('?x', 'string')],
  // STRLANG keeps the tag's letter case, and the string functions carry it on.
  [call('LANG', call('STRLANG', lit('x'), lit('en-US'))), xsdLiteral('en-US', 'string')],
  [call('UCASE', call('STRLANG', lit('x'), lit('de-CH'))), { kind: 'literal', lexical: 'X', datatype: `${NS.rdf}langString`, language: 'de-CH' }],
  [call('CONCAT', call('STRLANG', lit('a'), lit('en-US')), langLit('b', 'en-us')), xsdLiteral('ab', 'string')],
  // fn:apply: the registered function its first argument names, without the parse-time arity check.
  [call('fn:apply', factory.namedNode(`${FN}upper-case`), lit('abc')), xsdLiteral('ABC', 'string')],
  [call('fn:apply', call('IRI', lit(`${FN}upper-case`)), lit('abc')), xsdLiteral('ABC', 'string')],
  [call('fn:apply', factory.namedNode(`${FN}upper-case`), lit('abc'), lit('d')), { kind: 'unbound' }],
  [call('fn:apply', lit(`${FN}upper-case`), lit('abc')), { kind: 'unbound' }],
  [call('fn:apply', factory.namedNode('http://example.org/nothing'), lit('abc')), { kind: 'unbound' }],
  [call('fn:apply', 'b1', lit('abc')), { kind: 'unbound' }],
  [call('fn:apply', factory.namedNode(`${XSD}integer`), lit('12')), xsdLiteral('12', 'integer')],
  [call('fn:apply', factory.namedNode(`${FN}concat`)), xsdLiteral('', 'string')],
  [call('fn:apply', factory.namedNode('http://jena.apache.org/ARQ/function#strjoin'), lit('-'), lit('a'), lit('b')), xsdLiteral('a-b', 'string')],
  [call('fn:apply', factory.namedNode(`${FN}round`), lit('2.5', 'xsd:decimal')), xsdLiteral('3', 'decimal')],
  [call('fn:apply', factory.namedNode(`${FN}error`)), { kind: 'unbound' }],
  [call('fn:apply', factory.namedNode(`${FN}apply`), factory.namedNode(`${FN}upper-case`), lit('x')), { kind: 'failed', message: 'Exception on cache fill' }],
  // afn:collation at the top of a BIND (as a cell binds it): STR of its text.
  [call(`<${AFN}collation>`, lit('fi'), lit('abc')), xsdLiteral('abc', 'string')],
  [call(`<${AFN}collation>`, lit('fi'), langLit('abc', 'en')), xsdLiteral('abc', 'string')],
  [call(`<${AFN}collation>`, lit('fi'), lit('12', 'xsd:integer')), xsdLiteral('12', 'string')],
  [call(`<${AFN}collation>`, lit('fi'), factory.namedNode('http://x/y')), xsdLiteral('http://x/y', 'string')],
  [call(`<${AFN}collation>`, lit('fi'), 'b1'), { kind: 'unbound' }],
  [call(`<${AFN}collation>`, 'b1', lit('a')), { kind: 'unbound' }],
  [call(`<${AFN}collation>`, lit('1', 'xsd:integer'), lit('a')), xsdLiteral('a', 'string')],
  // fn:adjust-*-to-timezone (one Jena class for the three names): the clock moves by the difference.
  [
    call('fn:adjust-dateTime-to-timezone', lit('2020-12-31T23:59:59.50-05:30', 'xsd:dateTime'), lit('PT2H', 'xsd:dayTimeDuration')),
    xsdLiteral('2021-01-01T07:29:59.50+02:00', 'dateTime'),
  ],
  [call('fn:adjust-date-to-timezone', lit('2020-03-01+01:00', 'xsd:date'), lit('-PT5H', 'xsd:dayTimeDuration')), xsdLiteral('2020-02-29-05:00', 'date')],
  [call('fn:adjust-time-to-timezone', lit('10:00:00', 'xsd:time'), lit('-PT90M', 'xsd:dayTimeDuration')), xsdLiteral('10:00:00-01:30', 'time')],
  [call('fn:adjust-dateTime-to-timezone', lit('2020-05-03T10:00:00Z', 'xsd:dateTime'), lit('')), xsdLiteral('2020-05-03T10:00:00', 'dateTime')],
  [
    call('fn:adjust-dateTime-to-timezone', lit('2020-05-03T10:00:00Z', 'xsd:dateTime'), lit('P1D', 'xsd:duration')),
    xsdLiteral('2020-05-03T10:00:00Z', 'dateTime'),
  ],
  [call('fn:adjust-dateTime-to-timezone', lit('2020-05-03T10:00:00Z', 'xsd:dateTime'), lit('PT15H', 'xsd:dayTimeDuration')), { kind: 'unbound' }],
  [
    call('fn:adjust-dateTime-to-timezone', lit('2020-05-03T10:00:00Z', 'xsd:dateTime'), lit('PT1H0.5S', 'xsd:dayTimeDuration')),
    xsdLiteral('2020-05-03T11:00:00+01:00', 'dateTime'),
  ],
  [
    call('fn:adjust-dateTime-to-timezone', lit('2020-05-03T24:00:00Z', 'xsd:dateTime'), lit('PT1H', 'xsd:dayTimeDuration')),
    xsdLiteral('2020-05-04T01:00:00+01:00', 'dateTime'),
  ],
  [call('fn:adjust-time-to-timezone', lit('24:00:00-01:00', 'xsd:time'), lit('')), xsdLiteral('24:00:00', 'time')],
  [call('fn:adjust-time-to-timezone', lit('24:00:00', 'xsd:time'), lit('PT1H', 'xsd:dayTimeDuration')), xsdLiteral('24:00:00+01:00', 'time')],
  [call('fn:adjust-dateTime-to-timezone', lit('2020-05-03T10:00:00+01:00', 'xsd:dateTime')), xsdLiteral('2020-05-03T09:00:00Z', 'dateTime')],
  // A move into the year 0000 fails the update: Java's XMLGregorianCalendar refuses that year.
  [
    call('fn:adjust-dateTime-to-timezone', lit('0001-01-01T00:00:00Z', 'xsd:dateTime'), lit('-PT1H', 'xsd:dayTimeDuration')),
    { kind: 'failed', message: 'year 0000' },
  ],
  [call('fn:adjust-time-to-timezone', lit('00:30:00Z', 'xsd:time'), lit('-PT1H', 'xsd:dayTimeDuration')), xsdLiteral('23:30:00-01:00', 'time')],
  // A duration's derived types: hours in a yearMonthDuration make it ill-typed, so no duration.
  [call('fn:hours-from-duration', lit('PT5H', 'xsd:yearMonthDuration')), { kind: 'unbound' }],
  [call('fn:adjust-dateTime-to-timezone', lit('2020-05-03T10:00:00Z', 'xsd:dateTime'), lit('-PT5H', 'xsd:yearMonthDuration')), { kind: 'unbound' }],
  // Java's anchors: `$` also before a final line terminator; in MULTILINE mode `^` never at the end of the input.
  [call('REPLACE', lit(''), lit('^$'), lit('X'), lit('m')), xsdLiteral('', 'string')],
  [call('REPLACE', lit('a\n'), lit('^'), lit('>'), lit('m')), xsdLiteral('>a\n', 'string')],
  [call('REGEX', lit('a\n'), lit('a$')), xsdLiteral('true', 'boolean')],
  [call('REPLACE', lit('\u{1d11e}x'), lit('$'), lit('!')), xsdLiteral('\u{1d11e}x!', 'string')],
  // fn:round with a precision (F&O 3.0); a precision past BigInteger's reach fails the update.
  [call('fn:round', lit('2.567', 'xsd:decimal'), lit('2', 'xsd:integer')), xsdLiteral('2.57', 'decimal')],
  [call('fn:round', lit('-1250', 'xsd:integer'), lit('-2', 'xsd:integer')), xsdLiteral('-1200', 'integer')],
  [call('fn:round', lit('1.125', 'xsd:double'), lit('2', 'xsd:integer')), xsdLiteral('1.13e0', 'double')],
  [call('fn:round-half-to-even', lit('65536', 'xsd:integer'), lit('123456789012345678901234567890', 'xsd:integer')), { kind: 'failed', message: 'overflow' }],
  [call('fn:round-half-to-even', lit('65536', 'xsd:integer'), lit('4294968296', 'xsd:integer')), xsdLiteral('65536', 'integer')],
  // Precisions past the mediator's bound where the answer is still bounded (a year as the precision).
  [call('fn:round', lit('1.5e0', 'xsd:double'), lit('1999', 'xsd:integer')), xsdLiteral('1.5e0', 'double')],
  [call('fn:round-half-to-even', lit('-0', 'xsd:float'), lit('2020', 'xsd:integer')), xsdLiteral('0.0', 'float')],
  [call('fn:round-half-to-even', lit('16777217', 'xsd:float'), lit('2020', 'xsd:integer')), xsdLiteral('1.6777216E7', 'float')],
  [call('fn:round', lit('1.25', 'xsd:decimal'), lit('2020', 'xsd:integer')), xsdLiteral(`1.25${'0'.repeat(2018)}`, 'decimal')],
  [call('fn:round', lit('-1250', 'xsd:integer'), lit('-2020', 'xsd:integer')), xsdLiteral('0', 'integer')],
  [call('fn:round-half-to-even', lit('-1.25', 'xsd:decimal'), lit('-2020', 'xsd:integer')), xsdLiteral('0', 'decimal')],
  [call('fn:round', lit('7.5e300', 'xsd:double'), lit('-2020', 'xsd:integer')), xsdLiteral('0.0e0', 'double')],
  // Java's fdlibm atan2 for |y/x| > 2^60 with a negative x, and Java's `[]` in a class.
  [call(math('atan2'), lit('9.999999999999999E22', 'xsd:double'), lit('-2.5', 'xsd:float')), xsdLiteral('1.5707963267948968e0', 'double')],
  [call(math('atan2'), lit('-1e300', 'xsd:double'), lit('-3', 'xsd:double')), xsdLiteral('-1.5707963267948968e0', 'double')],
  [call('fn:replace', lit('abc'), langLit('b[]', 'en'), lit('X')), { kind: 'unbound' }],
  [call('REPLACE', lit('a]b'), lit('[]a]'), lit('-')), xsdLiteral('--b', 'string')],
  // The hashes read a lone surrogate as Java's getBytes(UTF_8) writes it: `?`.
  [
    call('SHA256', call('fn:substring', lit('\u{1d11e}x'), lit('2', 'xsd:integer'), lit('4', 'xsd:integer'))),
    xsdLiteral('fbd490d1c3030b6828cae651e2225a7bc2663f3149770a4d6ddbe9d9cf3ab734', 'string'),
  ],
  // Dates, times and durations (temporal-arithmetic.ts): the Xerces classes' lexical forms.
  [call('*', call('TIMEZONE', lit('2020-05-03Z', 'xsd:date')), lit('-718.0926', 'xsd:decimal')), xsdLiteral('PT0.0000S', 'dayTimeDuration')],
  [call('*', lit('P1DT1H', 'xsd:dayTimeDuration'), lit('0.5', 'xsd:decimal')), xsdLiteral('P0DT12H30M', 'dayTimeDuration')],
  [call('*', lit('PT1H', 'xsd:dayTimeDuration'), lit('1e-3', 'xsd:double')), xsdLiteral('PT0H3.600S', 'dayTimeDuration')],
  [call('*', lit('2', 'xsd:integer'), lit('PT1H', 'xsd:dayTimeDuration')), { kind: 'unbound' }],
  [call('*', lit('P1Y', 'xsd:yearMonthDuration'), lit('2', 'xsd:integer')), { kind: 'unbound' }],
  [call('*', lit('PT1H', 'xsd:dayTimeDuration'), lit('NaN', 'xsd:double')), { kind: 'failed', message: 'NumberFormatException' }],
  [call('-', lit('PT1H', 'xsd:dayTimeDuration'), lit('PT30M', 'xsd:dayTimeDuration')), xsdLiteral('PT0H30M', 'dayTimeDuration')],
  [call('-', lit('PT1M', 'xsd:dayTimeDuration'), lit('PT0.5S', 'xsd:dayTimeDuration')), xsdLiteral('PT9M5.5S', 'dayTimeDuration')],
  [call('+', lit('P1Y', 'xsd:duration'), lit('PT2147483648S', 'xsd:dayTimeDuration')), { kind: 'failed', message: 'wrong format' }],
  [call('-', lit('P1M', 'xsd:duration'), lit('P1D', 'xsd:duration')), { kind: 'failed', message: 'IllegalStateException' }],
  [call('+', lit('2020-05-03', 'xsd:date'), lit('PT25H', 'xsd:dayTimeDuration')), xsdLiteral('2020-05-04', 'date')],
  [call('+', lit('P1M', 'xsd:yearMonthDuration'), lit('2020-01-31T10:00:00.50Z', 'xsd:dateTime')), xsdLiteral('2020-02-29T10:00:00.50Z', 'dateTime')],
  [call('-', lit('24:00:00', 'xsd:time'), lit('PT1S', 'xsd:dayTimeDuration')), xsdLiteral('23:59:59', 'time')],
  [call('-', lit('0001-03-01', 'xsd:date'), lit('P1Y', 'xsd:yearMonthDuration')), { kind: 'failed', message: 'year 0000' }],
  [call('-', lit('2020-05-03T10:00:00Z', 'xsd:dateTime'), lit('2020-05-02T10:00:00Z', 'xsd:dateTime')), xsdLiteral('P1DT0H0M0.000S', 'duration')],
  [call('-', lit('2020-05-03T10:00:00Z', 'xsd:dateTime'), lit('2020-05-02T10:00:00', 'xsd:dateTime')), { kind: 'unbound' }],
  [call('+', lit('2020-05-03T10:00:00Z', 'xsd:dateTimeStamp'), lit('PT1H', 'xsd:dayTimeDuration')), { kind: 'unbound' }],
  [call('+', lit('2020', 'xsd:gYear'), lit('P1Y', 'xsd:yearMonthDuration')), { kind: 'unbound' }],
  [call('YEAR', lit('2023-02-29', 'xsd:date')), { kind: 'unbound' }],
  [call('YEAR', lit('-0004-02-29', 'xsd:date')), xsdLiteral('0004', 'integer')],
  [call('fn:minutes-from-duration', lit('PT2147483648M', 'xsd:dayTimeDuration')), { kind: 'unbound' }],
  // sin, cos and tan rounded as Java's intrinsics round them (V8's last digit differs here).
  [call(math('cos'), lit('0.1', 'xsd:double')), xsdLiteral('0.9950041652780258e0', 'double')],
  [call('ABS', call('xsd:decimal', call(math('cos'), lit('-86.67e2', 'xsd:double')))), xsdLiteral('0.7935768332809485', 'decimal')],
];

/** Regressions of functions the table may not hold yet (another helper's part of issue 38). */
const REGRESSIONS_IF_KNOWN: Array<[ExpressionSpec, ReferenceAnswer, string]> = [
  [call('MONTH', lit('2020-05-03T10:00:00Z', 'xsd:dateTime')), { kind: 'literal', lexical: '05', datatype: `${XSD}integer`, language: '' }, 'MONTH'],
  [call('REGEX', lit('abc'), lit('b'), lit('x')), { kind: 'failed', message: 'flag x' }, 'REGEX'],
  [call('REPLACE', lit('abc'), lit('x*'), lit('-')), { kind: 'literal', lexical: '-abc', datatype: xsdString, language: '' }, 'REPLACE'],
  [
    call('IF', lit('0.0', 'xsd:decimal'), lit('1', 'xsd:integer'), lit('2', 'xsd:integer')),
    { kind: 'literal', lexical: '1', datatype: `${XSD}integer`, language: '' },
    'IF',
  ],
  [
    call('IF', lit('NaN', 'xsd:double'), lit('1', 'xsd:integer'), lit('2', 'xsd:integer')),
    { kind: 'literal', lexical: '1', datatype: `${XSD}integer`, language: '' },
    'IF',
  ],
];

const known = new Set(registeredFunctions().map((f) => f.name));
const regressions = [
  ...REGRESSIONS,
  ...OTHER_SEEDS,
  ...REGRESSIONS_IF_KNOWN.filter(([, , name]) => known.has(name)).map(([s, a]): [ExpressionSpec, ReferenceAnswer] => [s, a]),
];

/** How many divergences a failure prints (JENA_DIFF_SHOW). */
const SHOW = Number(process.env.JENA_DIFF_SHOW ?? 40);

function report(kind: string, cases: readonly GeneratedCase[], jena: readonly ReferenceAnswer[], limit = SHOW): string[] {
  const lines: string[] = [];
  cases.forEach((c, i) => {
    const theirs = jena[i]!;
    const mine = ours(c);
    if (!sameAnswer(theirs, mine) && !deliberate(c, theirs, mine))
      lines.push(`${c.sparql}\n    Jena 3.9: ${answerText(theirs)}\n    ours:     ${answerText(mine)}`);
  });
  if (lines.length > limit) return [...lines.slice(0, limit), `... and ${lines.length - limit} more ${kind} divergences`];
  return lines;
}

/**
 * Runs generated cases through Jena and our evaluator: Jena must have answered each of `seen` (an
 * answer kind, or a literal's datatype IRI) at least once, and no answer may differ.
 */
function expectAgreement(kind: string, cases: readonly GeneratedCase[], seen: readonly string[]): void {
  const jena = evaluateWithJena(cases.map((c) => c.sparql));
  for (const want of seen)
    expect(
      jena.some((a) => a.kind === want || (a.kind === 'literal' && a.datatype === want)),
      `Jena never answered ${want}`,
    ).toBe(true);
  const divergences = report(kind, cases, jena);
  expect(divergences, `seed ${SEED}:\n${divergences.join('\n')}`).toEqual([]);
}

describe('the issue 38 examples', () => {
  it.each(regressions.map(([spec, answer]) => ({ c: caseOf(spec), answer })))('$c.sparql', ({ c, answer }) => {
    const mine = ours(c);
    expect(sameAnswer(mine, answer), `ours: ${answerText(mine)}, the reference: ${answerText(answer)}`).toBe(true);
  });
});

describe.skipIf(missing !== undefined)(`Jena 3.9 differential${missing === undefined ? '' : ` (skipped: ${missing})`}`, () => {
  it('agrees with Jena on the issue 38 examples', () => {
    const cases = regressions.map(([spec]) => caseOf(spec));
    const jena = evaluateWithJena(cases.map((c) => c.sparql));
    regressions.forEach(([, answer], i) => expect(sameAnswer(jena[i]!, answer), `${cases[i]!.sparql}: Jena says ${answerText(jena[i]!)}`).toBe(true));
    expect(report('regression', cases, jena)).toEqual([]);
  });

  it(`agrees with Jena on ${COUNT} generated expressions (seed ${SEED}; replay with JENA_DIFF_SEED=${SEED})`, () => {
    // The generator must reach the interesting outcomes, or agreement would say little.
    expectAgreement('generated', generateCases(SEED, COUNT, registeredFunctions()), ['literal', 'iri', 'unbound']);
  }, 120_000);

  it(`agrees with Jena on ${TEMPORAL_COUNT} generated date, time and duration operations (seed ${SEED})`, () => {
    const types = ['duration', 'dayTimeDuration', 'yearMonthDuration', 'dateTime', 'date', 'time'].map((t) => `${XSD}${t}`);
    expectAgreement('temporal', generateTemporalCases(SEED, TEMPORAL_COUNT), ['unbound', 'failed', ...types]);
  }, 120_000);

  it(`agrees with Jena on ${FORMAT_COUNT} generated fn:format-number calls (seed ${SEED})`, () => {
    expectAgreement('format-number', generateFormatNumberCases(SEED, FORMAT_COUNT), ['literal', 'failed']);
  }, 120_000);
});
