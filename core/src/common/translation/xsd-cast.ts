/**
 * XSD constructor casts (`xsd:integer(?x)`, SPARQL 1.1 section 17.5 and XPath F&O 17.1) as Jena 3.9,
 * the reference's engine, performs them (its CastXSD), since a drop-in must give the same lexical
 * forms: a cast to the literal's own datatype returns the literal unchanged; a cast from a string,
 * an integer or anything else "by lexical form" keeps the input's lexical form when it is valid for
 * the target (`xsd:integer("-007")` is `"-007"`, `xsd:double("2.5")` is `"2.5"`, `xsd:boolean("1")`
 * is `"1"`) and fails on a form with a space at either end; a double or float cast to an integer
 * type must be integral (`xsd:integer(4.7e0)` fails) and to xsd:decimal is written from Java's
 * digits; a decimal cast to an integer type must be integral; booleans become 1/0 forms; values out
 * of the target type's range are errors (the variable stays unbound).
 */
import { factory, NS, RDF_LANG_STRING, XSD_STRING, type RDF } from '../rdf/terms.js';
import { CellFailure, fail } from './expression-error.js';
import { javaDoubleString, numericKind, numericValue, validInteger, type Numeric } from './numeric.js';

const XSD = NS.xsd;

/**
 * The cast functions Jena 3.9 registers and we implement (StandardFunctions: every integer type but
 * xsd:unsignedByte, decimal, float, double, boolean, string, dateTime, date).
 */
export const CAST_TARGETS: readonly string[] = [
  'decimal',
  'integer',
  'long',
  'int',
  'short',
  'byte',
  'nonPositiveInteger',
  'negativeInteger',
  'nonNegativeInteger',
  'positiveInteger',
  'unsignedLong',
  'unsignedInt',
  'unsignedShort',
  'double',
  'float',
  'boolean',
  'string',
  'dateTime',
  'date',
].map((l) => XSD + l);

const DECIMAL_LEXICAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const FLOATING_LEXICAL = /^(?:[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|-?INF|NaN)$/;
const EDGE_SPACE = /^[ \t\n\r]+|[ \t\n\r]+$/g;
const DATE_TIME = /^(-?\d{4,})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(\.\d+)?(Z|[+-]\d\d:\d\d)?$/;
const DATE = /^(-?\d{4,})-(\d\d)-(\d\d)(Z|[+-]\d\d:\d\d)?$/;

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function validDate(year: string, month: string, day: string, zone: string | undefined): boolean {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (y === 0 || (year.length > 4 && year.replace(/^-/, '').startsWith('0')) || m < 1 || m > 12 || d < 1 || d > daysIn(y, m)) return false;
  if (zone === undefined || zone === 'Z') return true;
  const hh = Number(zone.slice(1, 3));
  const mm = Number(zone.slice(4, 6));
  return mm <= 59 && (hh < 14 || (hh === 14 && mm === 0));
}

/** Xerces' check of an xsd:dateTime lexical form (whitespace already collapsed), as Jena 3.9 runs it. */
export function validDateTime(lex: string): boolean {
  const m = DATE_TIME.exec(lex);
  if (m === null) return false;
  const [, year = '', month = '', day = '', hour = '', minute = '', second = '', fraction, zone] = m;
  if (!validDate(year, month, day, zone)) return false;
  if (Number(minute) > 59 || Number(second) > 59) return false;
  const h = Number(hour);
  return h < 24 || (h === 24 && minute === '00' && second === '00' && (fraction === undefined || /^\.0+$/.test(fraction)));
}

function validDateLexical(lex: string): boolean {
  const m = DATE.exec(lex);
  return m !== null && validDate(m[1] ?? '', m[2] ?? '', m[3] ?? '', m[4]);
}

/** Whether `lex` is a valid lexical form of `target` (XSD's isValid, whitespace collapsed where the type says so). */
function validFor(lex: string, target: string): boolean {
  if (target === XSD_STRING) return true;
  const collapsed = lex.replace(EDGE_SPACE, '');
  switch (numericKind(target)) {
    case 'integer':
      return validInteger(collapsed, target) !== undefined;
    case 'decimal':
      return DECIMAL_LEXICAL.test(collapsed);
    case 'float':
    case 'double':
      return FLOATING_LEXICAL.test(collapsed);
    default:
      if (target === `${XSD}boolean`) return /^(?:true|false|1|0)$/.test(collapsed);
      if (target === `${XSD}dateTime`) return validDateTime(collapsed);
      if (target === `${XSD}date`) return validDateLexical(collapsed);
      return false;
  }
}

/** A literal Jena builds (NodeValue.makeNode): a decimal or dateTime with spaces at its ends makes Java throw. */
function made(lex: string, target: string): RDF.Literal {
  const literal = factory.literal(lex, factory.namedNode(target));
  if (target === `${XSD}decimal`) numericValue(literal);
  else if (target === `${XSD}dateTime` && lex.replace(EDGE_SPACE, '') !== lex)
    throw new CellFailure(`"${lex}"^^xsd:dateTime: Jena's calendar refuses the spaces`);
  return literal;
}

/** CastXSD's "cast by lexical form": the same lexical form, if valid for the target and without a space at either end. */
function byLexicalForm(lex: string, target: string): RDF.Literal {
  if (!validFor(lex, target)) fail(`"${lex}" is not a valid <${target}>`);
  if (target !== XSD_STRING && (lex.startsWith(' ') || lex.endsWith(' '))) fail(`"${lex}" has a space at its ends, no <${target}>`);
  return made(lex, target);
}

/** Java's BigDecimal.valueOf(d).toPlainString(): Double.toString's digits without the exponent. */
export function plainJavaDigits(d: number): string {
  // BigDecimal has no negative zero.
  if (d === 0) return '0.0';
  const [mantissa = '', exponent = '0'] = javaDoubleString(d).split('E');
  const negative = mantissa.startsWith('-');
  const [whole = '', fraction = ''] = mantissa.replace('-', '').split('.');
  const shift = Number(exponent);
  let digits = whole + fraction;
  let point = whole.length + shift;
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const int = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const frac = digits.slice(point);
  return `${negative ? '-' : ''}${int}${frac === '' ? '' : `.${frac}`}`;
}

/** CastXSD of a double or float to xsd:decimal: Java's digits, trailing zeros dropped down to one. */
function floatingToDecimal(d: number, target: string): RDF.Literal {
  if (!Number.isFinite(d)) fail('NaN and INF have no xsd:decimal value');
  let lex = plainJavaDigits(d);
  if (!lex.includes('.')) lex += '.0';
  while (/\.\d*[0-9]0$/.test(lex)) lex = lex.slice(0, -1);
  return made(lex, target);
}

/** CastXSD of an integral double or float to an integer type: as a long when it fits, else Java's digits. */
function floatingToInteger(d: number, target: string): RDF.Literal {
  if (Number.isNaN(d) || !Number.isInteger(d)) {
    // Java's Math.rint(INF) == INF, so an infinity takes the integral path and BigDecimal throws on it.
    if (d === Infinity || d === -Infinity) throw new CellFailure("an infinity cast to an integer: Jena's BigDecimal throws");
    fail(`${d} is not integral`);
  }
  const limit = 2 ** 63;
  // Math.round saturates at Long.MAX_VALUE and Long.MIN_VALUE, and Jena then writes Java's digits.
  const lex = d > -limit && d < limit ? BigInt(d).toString() : plainJavaDigits(d).replace(/\..*$/, '');
  return byLexicalForm(lex, target);
}

function numericCast(n: Numeric, t: RDF.Literal, target: string): RDF.Literal | undefined {
  const kind = numericKind(target);
  if (kind === 'decimal') return n.kind === 'float' || n.kind === 'double' ? floatingToDecimal(n.value, target) : byLexicalForm(t.value, target);
  if (kind !== 'integer') return undefined;
  if (n.kind === 'float' || n.kind === 'double') return floatingToInteger(n.value, target);
  if (n.kind === 'decimal') {
    const { unscaled, scale } = n.decimal;
    const divisor = 10n ** BigInt(scale);
    if (unscaled % divisor !== 0n) fail(`${t.value} is not integral`);
    return byLexicalForm((unscaled / divisor).toString(), target);
  }
  return byLexicalForm(t.value, target);
}

function booleanCast(value: boolean, t: RDF.Literal, target: string): RDF.Literal {
  const kind = numericKind(target);
  if (kind === 'float' || kind === 'double') return made(value ? '1.0E0' : '0.0E0', target);
  if (kind === 'decimal') return made(value ? '1.0' : '0.0', target);
  if (kind === 'integer') return made(value ? '1' : '0', target);
  if (target === XSD_STRING) return made(t.value, target);
  return fail(`xsd:boolean cannot be cast to <${target}>`);
}

/** Casts to xsd:dateTime and xsd:date (XSDFuncOp.dateTimeCast): from a string by lexical form, or between the two. */
function temporalCast(t: RDF.Literal, target: string): RDF.Literal {
  const datatype = t.language !== '' ? RDF_LANG_STRING : t.datatype.value;
  if (datatype === XSD_STRING) {
    if (!validFor(t.value, target)) fail(`"${t.value}" is not a valid <${target}>`);
    return made(t.value, target);
  }
  const lex = t.value.replace(EDGE_SPACE, '');
  if (datatype === `${XSD}date` && target === `${XSD}dateTime` && validDateLexical(lex)) {
    const m = DATE.exec(lex)!;
    return made(`${m[1]}-${m[2]}-${m[3]}T00:00:00${m[4] ?? ''}`, target);
  }
  if (datatype === `${XSD}dateTime` && target === `${XSD}date` && validDateTime(lex)) {
    const m = DATE_TIME.exec(lex)!;
    return made(`${m[1]}-${m[2]}-${m[3]}${m[8] ?? ''}`, target);
  }
  return fail(`"${t.value}" cannot be cast to <${target}>`);
}

/** The cast of `t` to XSD datatype `target` (one of CAST_TARGETS). */
export function xsdCast(t: RDF.Term | undefined, target: string): RDF.Term {
  if (t === undefined || t.termType === 'BlankNode') return fail(`cast to <${target}> of ${t === undefined ? 'nothing' : 'a blank node'}`);
  if (t.termType === 'NamedNode') {
    if (target === XSD_STRING) return factory.literal(t.value);
    return fail(`an IRI cannot be cast to <${target}>`);
  }
  if (t.termType !== 'Literal') return fail(`cannot cast a ${t.termType}`);
  const datatype = t.language !== '' ? RDF_LANG_STRING : t.datatype.value;
  if (datatype === target) {
    if (!validFor(t.value, target)) fail(`"${t.value}" is not a valid <${target}>`);
    return t;
  }
  if (target === `${XSD}dateTime` || target === `${XSD}date`) return temporalCast(t, target);
  const n = numericValue(t);
  if (n !== undefined) {
    const cast = numericCast(n, t, target);
    if (cast !== undefined) return cast;
  } else if (datatype === `${XSD}boolean` && validFor(t.value, datatype)) {
    return booleanCast(/^[ \t\n\r]*(?:true|1)[ \t\n\r]*$/.test(t.value), t, target);
  }
  return byLexicalForm(t.value, target);
}
