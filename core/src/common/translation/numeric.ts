/**
 * Numbers in translation functions, as SPARQL 1.1 (section 17.3, operator mapping) and XPath
 * (op:numeric-add and friends, fn:abs, fn:round...) define them and as Jena 3.9, the reference's
 * engine, computes them: xsd:integer and its derived types exact at any size (BigInt), xsd:decimal
 * exact (`exact-decimal.ts`), xsd:float and xsd:double IEEE binary32/binary64; operands promoted
 * integer -> decimal -> float -> double; integer / integer is a decimal. Lexical forms of results
 * follow Jena (`70.7e0` for a double, `98.96` for a decimal), since consumers may compare them as text.
 */
import { factory, NS, type RDF } from '../rdf/terms.js';
import { CellFailure, fail } from './expression-error.js';
import { javaDoubleToString, javaFloatToString } from './java-number-format.js';
import {
  decimalAbs,
  decimalAdd,
  decimalCeiling,
  decimalDivide,
  decimalFloor,
  decimalFromBigInt,
  decimalIsZero,
  decimalLexical,
  decimalMultiply,
  decimalRound,
  decimalSubtract,
  decimalToNumber,
  parseDecimal,
  type ExactDecimal,
} from './exact-decimal.js';

const XSD = NS.xsd;

export type NumericKind = 'integer' | 'decimal' | 'float' | 'double';

/**
 * The integer types with the bounds of their value spaces (XSD 1.0 part 2, section 3.3): a literal
 * out of its type's range is ill-typed, and Jena then treats it as no number at all.
 */
const INTEGER_RANGES = new Map<string, readonly [bigint | undefined, bigint | undefined]>([
  [`${XSD}integer`, [undefined, undefined]],
  [`${XSD}long`, [-(2n ** 63n), 2n ** 63n - 1n]],
  [`${XSD}int`, [-(2n ** 31n), 2n ** 31n - 1n]],
  [`${XSD}short`, [-32768n, 32767n]],
  [`${XSD}byte`, [-128n, 127n]],
  [`${XSD}nonNegativeInteger`, [0n, undefined]],
  [`${XSD}positiveInteger`, [1n, undefined]],
  [`${XSD}nonPositiveInteger`, [undefined, 0n]],
  [`${XSD}negativeInteger`, [undefined, -1n]],
  [`${XSD}unsignedLong`, [0n, 2n ** 64n - 1n]],
  [`${XSD}unsignedInt`, [0n, 2n ** 32n - 1n]],
  [`${XSD}unsignedShort`, [0n, 65535n]],
  [`${XSD}unsignedByte`, [0n, 255n]],
]);

/** A number with the exact representation of its kind. */
export type Numeric =
  | { readonly kind: 'integer'; readonly big: bigint }
  | { readonly kind: 'decimal'; readonly decimal: ExactDecimal }
  | { readonly kind: 'float' | 'double'; readonly value: number };

// Built once: a template literal in a comparison builds (and flattens) a new string on every call.
const XSD_DECIMAL = `${XSD}decimal`;
const XSD_FLOAT = `${XSD}float`;
const XSD_DOUBLE = `${XSD}double`;

export function numericKind(datatype: string): NumericKind | undefined {
  if (INTEGER_RANGES.has(datatype)) return 'integer';
  if (datatype === XSD_DECIMAL) return 'decimal';
  if (datatype === XSD_FLOAT) return 'float';
  if (datatype === XSD_DOUBLE) return 'double';
  return undefined;
}

function describe(t: RDF.Term): string {
  if (t.termType === 'NamedNode') return `<${t.value}>`;
  if (t.termType === 'BlankNode') return 'a blank node';
  return `"${t.value}"`;
}

const INTEGER_LEXICAL = /^[+-]?\d+$/;
const DECIMAL_LEXICAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
/** xsd:double and xsd:float lexical space as Jena 3.9's XSD 1.0 checks it: no `+INF`. */
const FLOATING_LEXICAL = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|-?INF|NaN)$/;
/** XSD's whitespace facet `collapse` at the ends, which is all a valid numeric lexical form can hold. */
const EDGE_SPACE = /^[ \t\n\r]+|[ \t\n\r]+$/g;

function floatingValue(lex: string): number {
  if (lex === 'INF') return Infinity;
  if (lex === '-INF') return -Infinity;
  return Number(lex);
}

/** Whether `lex` (whitespace collapsed) is in the lexical space of integer type `datatype` and its value in range. */
export function validInteger(lex: string, datatype: string): bigint | undefined {
  const range = INTEGER_RANGES.get(datatype);
  if (range === undefined || !INTEGER_LEXICAL.test(lex)) return undefined;
  const value = BigInt(lex);
  const [lo, hi] = range;
  return (lo !== undefined && value < lo) || (hi !== undefined && value > hi) ? undefined : value;
}

/**
 * The value of a numeric literal as Jena 3.9 reads it (NodeValue.makeNode), or undefined when the
 * term is no number: not a literal, another datatype, or ill-typed (`"abc"^^xsd:integer`,
 * `"300"^^xsd:byte`), which Jena keeps as a plain term. Whitespace around the lexical form is
 * allowed (XSD collapses it), except that a decimal with it makes Jena's BigDecimal throw, which
 * fails the whole update.
 */
export function numericValue(t: RDF.Term | undefined): Numeric | undefined {
  if (t === undefined || t.termType !== 'Literal') return undefined;
  const kind = numericKind(t.datatype.value);
  if (kind === undefined) return undefined;
  const raw = t.value;
  // Most lexical forms have no space at their ends: skip the replace (this runs for every operand).
  const lex = raw.charCodeAt(0) > 32 && raw.charCodeAt(raw.length - 1) > 32 ? raw : raw.replace(EDGE_SPACE, '');
  switch (kind) {
    case 'integer': {
      const big = validInteger(lex, t.datatype.value);
      return big === undefined ? undefined : { kind, big };
    }
    case 'decimal': {
      const decimal = DECIMAL_LEXICAL.test(lex) ? parseDecimal(lex.replace(/^\+/, '')) : undefined;
      if (decimal === undefined) return undefined;
      if (lex !== t.value) throw new CellFailure(`"${t.value}"^^xsd:decimal: Jena's BigDecimal refuses the spaces around the number`);
      return { kind, decimal };
    }
    case 'float':
    case 'double': {
      if (!FLOATING_LEXICAL.test(lex)) return undefined;
      const value = floatingValue(lex);
      return { kind, value: kind === 'float' ? Math.fround(value) : value };
    }
  }
}

/** The value of a numeric literal, or an evaluation error naming `fn` for anything else. */
export function toNumeric(t: RDF.Term | undefined, fn: string): Numeric {
  const n = numericValue(t);
  if (n === undefined) fail(`${fn} needs a number, got ${t === undefined ? 'nothing' : describe(t)}`);
  return n;
}

/** The value as a double (integers and decimals correctly rounded), for promotion and for SUBSTR's positions. */
export function numberValue(n: Numeric): number {
  switch (n.kind) {
    case 'integer':
      return Number(n.big);
    case 'decimal':
      return decimalToNumber(n.decimal);
    default:
      return n.value;
  }
}

function decimalValue(n: Numeric): ExactDecimal {
  if (n.kind === 'integer') return decimalFromBigInt(n.big);
  if (n.kind === 'decimal') return n.decimal;
  throw new TypeError(`${n.kind} is not exact`);
}

const KIND_RANK: Record<NumericKind, number> = { integer: 0, decimal: 1, float: 2, double: 3 };

// ---- lexical forms ------------------------------------------------------------------------------

/** Java's Double.toString, which Jena's double lexical forms are built on (java-number-format.ts). */
export const javaDoubleString = javaDoubleToString;

/**
 * Jena's lexical form of a computed xsd:double (`70.7e0`, `1.0E10`): Jena 3.9's
 * `Utils.stringForm(double)` appends `e0` to Double.toString unless it already has an exponent,
 * which it keeps as Java writes it, with a capital E.
 */
export function jenaDoubleLexical(d: number): string {
  if (Number.isNaN(d)) return 'NaN';
  if (!Number.isFinite(d)) return d > 0 ? 'INF' : '-INF';
  const s = javaDoubleString(d);
  return s.includes('E') ? s : `${s}e0`;
}

/** Jena's lexical form of a computed xsd:float: Java's Float.toString (`2.14748365E9`, `-0.0`), INF for infinities. */
export function jenaFloatLexical(f: number): string {
  if (Number.isNaN(f)) return 'NaN';
  if (!Number.isFinite(f)) return f > 0 ? 'INF' : '-INF';
  return javaFloatToString(Math.fround(f));
}

/**
 * Jena's canonical xsd:decimal form of a double's value (no exponent, at least one fractional
 * digit), for casts from doubles; computed decimals are exact and use `decimalLexical`.
 */
export function jenaDecimalLexical(d: number): string {
  if (!Number.isFinite(d)) fail('decimal overflow');
  let s = Math.abs(d) >= 1e21 || (Math.abs(d) < 1e-6 && d !== 0) ? d.toFixed(20).replace(/0+$/, '') : String(d);
  if (!s.includes('.')) s = `${s}.0`;
  if (s.endsWith('.')) s = `${s}0`;
  return s;
}

/** The literal of a computed number: integers as xsd:integer, whatever integer type went in (Jena). */
export function numericLiteral(n: Numeric): RDF.Literal {
  switch (n.kind) {
    case 'integer':
      return factory.literal(n.big.toString(), factory.namedNode(`${XSD}integer`));
    case 'decimal':
      return factory.literal(decimalLexical(n.decimal), factory.namedNode(`${XSD}decimal`));
    case 'float':
      return factory.literal(jenaFloatLexical(n.value), factory.namedNode(`${XSD}float`));
    case 'double':
      return factory.literal(jenaDoubleLexical(n.value), factory.namedNode(`${XSD}double`));
  }
}

export function integerLiteral(value: number | bigint): RDF.Literal {
  return numericLiteral({ kind: 'integer', big: BigInt(value) });
}

// ---- operators ----------------------------------------------------------------------------------

export type Operator = '+' | '-' | '*' | '/';

function floating(op: Operator, a: number, b: number): number {
  // IEEE: x/0 is an infinity or NaN for floats and doubles (XPath op:numeric-divide).
  return op === '+' ? a + b : op === '-' ? a - b : op === '*' ? a * b : a / b;
}

/** One XPath numeric operator on two operands of any numeric kinds. */
function binary(op: Operator, a: Numeric, b: Numeric): Numeric {
  const kind = KIND_RANK[a.kind] >= KIND_RANK[b.kind] ? a.kind : b.kind;
  if (kind === 'integer' && op !== '/' && a.kind === 'integer' && b.kind === 'integer') {
    return { kind, big: op === '+' ? a.big + b.big : op === '-' ? a.big - b.big : a.big * b.big };
  }
  if (kind === 'integer' || kind === 'decimal') {
    // integer / integer is a decimal (op:numeric-divide), computed like any decimal division.
    const x = decimalValue(a);
    const y = decimalValue(b);
    if (op === '/') {
      if (decimalIsZero(y)) fail('division by zero');
      return { kind: 'decimal', decimal: decimalDivide(x, y) };
    }
    return { kind: 'decimal', decimal: op === '+' ? decimalAdd(x, y) : op === '-' ? decimalSubtract(x, y) : decimalMultiply(x, y) };
  }
  if (kind === 'float') {
    // Promote to float first, then one binary32 operation: the exact result of a float operation,
    // rounded once from the double result (53 >= 2 * 24 + 2 bits, so no double rounding).
    return { kind, value: Math.fround(floating(op, Math.fround(numberValue(a)), Math.fround(numberValue(b)))) };
  }
  return { kind, value: floating(op, numberValue(a), numberValue(b)) };
}

const isXsdString = (t: RDF.Term | undefined): boolean => t?.termType === 'Literal' && t.language === '' && t.datatype.value === `${XSD}string`;

/**
 * `+ - * /` over the operands left to right (section 3.4), with XPath numeric type promotion
 * (dates, times and durations: temporal-arithmetic.ts, which calls this for everything else). Jena
 * 3.9's `+` also joins two strings (NodeValueOps.additionNV: `"1" + "2"` is "12", an xsd:string),
 * a departure from SPARQL the reference's cells ran with; a string and a number stay an error.
 */
export function arithmetic(op: Operator, args: readonly RDF.Term[]): RDF.Term {
  if (args.length === 0) fail(`${op} needs operands`);
  if (op === '+' && isXsdString(args[0])) {
    let text = args[0]!.value;
    for (let i = 1; i < args.length; i++) {
      if (!isXsdString(args[i])) fail(`+ of a string and a ${args[i]!.termType === 'Literal' ? 'non-string literal' : 'non-literal'}`);
      text += args[i]!.value;
    }
    return factory.literal(text);
  }
  return numericArithmetic(op, args);
}

/** `+ - * /` on numbers only (unary minus too: Jena 3.9 does not negate a duration). */
export function numericArithmetic(op: Operator, args: readonly RDF.Term[]): RDF.Literal {
  let acc = toNumeric(args[0], op);
  for (let i = 1; i < args.length; i++) acc = binary(op, acc, toNumeric(args[i], op));
  return numericLiteral(acc);
}

// ---- functions ----------------------------------------------------------------------------------

/**
 * Java's Math.round, which Jena uses for float and double ROUND: floor(x + 0.5) as a long (an int
 * for floats), so NaN is 0, the result saturates at the type's range and is never -0.
 */
function javaRound(x: number, bits: 32 | 64): number {
  if (Number.isNaN(x)) return 0;
  const limit = 2 ** (bits - 1);
  const r = Math.round(x) + 0;
  return r >= limit ? limit - 1 : r < -limit ? -limit : r;
}

/** SPARQL ABS (fn:abs): integers come back as xsd:integer, other kinds keep theirs. */
export function numericAbs(t: RDF.Term | undefined): RDF.Term {
  const n = toNumeric(t, 'ABS');
  switch (n.kind) {
    case 'integer':
      return numericLiteral({ kind: 'integer', big: n.big < 0n ? -n.big : n.big });
    case 'decimal':
      return numericLiteral({ kind: 'decimal', decimal: decimalAbs(n.decimal) });
    default:
      return numericLiteral({ kind: n.kind, value: Math.abs(n.value) });
  }
}

/**
 * SPARQL CEIL, FLOOR and ROUND (fn:ceiling, fn:floor, fn:round; round takes halves towards
 * positive infinity). An integer argument is returned as it is, datatype and lexical form
 * included, as Jena's XSDFuncOp does; a decimal gives an integer-valued decimal (`3.0`).
 */
export function integral(which: 'CEIL' | 'FLOOR' | 'ROUND'): (t: RDF.Term | undefined) => RDF.Term {
  const onDecimal = which === 'CEIL' ? decimalCeiling : which === 'FLOOR' ? decimalFloor : decimalRound;
  return (t) => {
    const n = toNumeric(t, which);
    switch (n.kind) {
      case 'integer':
        return t as RDF.Literal;
      case 'decimal':
        return numericLiteral({ kind: 'decimal', decimal: onDecimal(n.decimal) });
      default: {
        const bits = n.kind === 'float' ? 32 : 64;
        const value = which === 'CEIL' ? Math.ceil(n.value) : which === 'FLOOR' ? Math.floor(n.value) : javaRound(n.value, bits);
        return numericLiteral({ kind: n.kind, value: n.kind === 'float' ? Math.fround(value) : value });
      }
    }
  };
}

/**
 * fn:round as Jena 3.9 computes it (XPath 3's rounding, with a BigDecimal of the value): integers
 * come back as xsd:integer, decimals at scale 0, floats and doubles rounded on Java's decimal
 * digits of the value, halves towards positive infinity; NaN and infinities have no BigDecimal,
 * and the Java exception fails the whole cell.
 */
export function xpathRound(t: RDF.Term | undefined, javaDigits: (d: number) => string): RDF.Term {
  const n = toNumeric(t, 'fn:round');
  switch (n.kind) {
    case 'integer':
      return numericLiteral(n);
    case 'decimal':
      return numericLiteral({ kind: 'decimal', decimal: decimalRound(n.decimal) });
    default: {
      if (!Number.isFinite(n.value)) throw new CellFailure(`fn:round of ${n.value}: Java's BigDecimal refuses it`);
      const exact = parseDecimal(javaDigits(n.value));
      const rounded = exact === undefined ? n.value : decimalToNumber(decimalRound(exact));
      return numericLiteral({ kind: n.kind, value: n.kind === 'float' ? Math.fround(rounded) : rounded });
    }
  }
}
