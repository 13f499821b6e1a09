/**
 * SPARQL/XPath numeric rules as Jena computes them: exact integers and decimals, IEEE floats and
 * doubles, promotion integer -> decimal -> float -> double, integer / integer a decimal.
 */
import { describe, expect, it } from 'vitest';
import { factory, NS } from '../rdf/terms.js';
import { ExpressionError } from './expression-error.js';
import { arithmetic, integral, numericAbs } from './numeric.js';

const lit = (value: string, type: string) => factory.literal(value, factory.namedNode(NS.xsd + type));
/** `"value"^^xsd:type` written compactly, e.g. `37.2:decimal`. */
function term(spec: string) {
  const at = spec.lastIndexOf(':');
  return lit(spec.slice(0, at), spec.slice(at + 1));
}
const show = (t: ReturnType<typeof arithmetic>) => (t.termType === 'Literal' ? `${t.value}:${t.datatype.value.slice(NS.xsd.length)}` : t.value);

describe('arithmetic', () => {
  it.each([
    // Decimals are exact: with doubles 37.2 * 1.8 + 32 is 98.96000000000001.
    ['*', ['37.2:decimal', '1.8:decimal'], '66.96:decimal'],
    ['+', ['66.96:decimal', '32:decimal'], '98.96:decimal'],
    ['+', ['0.1:decimal', '0.2:decimal'], '0.3:decimal'],
    // Integers are exact beyond 2^53 and 2^64, and come back as xsd:integer.
    ['+', ['9007199254740993:integer', '2:integer'], '9007199254740995:integer'],
    ['*', ['18446744073709551615:unsignedLong', '3:int'], '55340232221128654845:integer'],
    ['-', ['-9223372036854775808:long', '1:integer'], '-9223372036854775809:integer'],
    // integer / integer is a decimal (op:numeric-divide); 24 digits when it does not terminate.
    ['/', ['7:integer', '2:integer'], '3.5:decimal'],
    ['/', ['6:int', '3:int'], '2.0:decimal'],
    ['/', ['1:integer', '3:integer'], '0.333333333333333333333333:decimal'],
    ['/', ['100000000000000000000000000001:integer', '2:integer'], '50000000000000000000000000000.5:decimal'],
    // Promotion: integer -> decimal -> float -> double.
    ['+', ['2:int', '0.5:decimal'], '2.5:decimal'],
    ['*', ['0.1:decimal', '3:float'], '0.3:float'],
    ['+', ['1:integer', '0.1:float'], '1.1:float'],
    ['+', ['1.5:float', '0.25:double'], '1.75e0:double'],
    ['+', ['0.1:decimal', '0.2:double'], '0.30000000000000004e0:double'],
    ['*', ['21.5:double', '2:integer'], '43.0e0:double'],
    // Doubles stay doubles (IEEE), written as Jena writes them: `?d*9/5+32` with ?d = 21.5 is "70.7e0".
    ['*', ['21.5:double', '9:integer', '5:integer'], '967.5e0:double'],
    ['/', ['193.5:double', '5:integer'], '38.7e0:double'],
    ['+', ['38.7:double', '32:integer'], '70.7e0:double'],
    ['/', ['1:double', '0:integer'], 'INF:double'],
    ['/', ['0:float', '0:integer'], 'NaN:float'],
  ])('%s over %j = %s', (op, args, expected) => {
    expect(show(arithmetic(op as '+' | '-' | '*' | '/', args.map(term)))).toBe(expected);
  });

  it("refuses decimal and integer division by zero, and ill-formed numbers (out of their type's range too)", () => {
    expect(() => arithmetic('*', [term('18446744073709551617:unsignedLong'), term('3:int')])).toThrow(ExpressionError);
    expect(() => arithmetic('+', [term('300:byte'), term('1:integer')])).toThrow(ExpressionError);
    expect(() => arithmetic('/', [term('1:integer'), term('0:integer')])).toThrow(ExpressionError);
    expect(() => arithmetic('/', [term('1.5:decimal'), term('0.0:decimal')])).toThrow(ExpressionError);
    expect(() => arithmetic('+', [term('1e5:decimal'), term('1:integer')])).toThrow(ExpressionError);
    expect(() => arithmetic('+', [term('0x10:double'), term('1:integer')])).toThrow(ExpressionError);
  });
});

describe('ABS, CEIL, FLOOR, ROUND', () => {
  it.each([
    ['ABS', '-123456789012345678901234567890:integer', '123456789012345678901234567890:integer'],
    ['ABS', '-9007199254740993:long', '9007199254740993:integer'],
    ['ABS', '-98.96:decimal', '98.96:decimal'],
    ['ABS', '-2.5:float', '2.5:float'],
    ['ABS', '-2.5:double', '2.5e0:double'],
    // An integer comes back as it is (Jena's XSDFuncOp), datatype included.
    ['ROUND', '9007199254740993:integer', '9007199254740993:integer'],
    ['ROUND', '-9007199254740993:long', '-9007199254740993:long'],
    ['CEIL', '123456789012345678901:integer', '123456789012345678901:integer'],
    // Decimals keep BigDecimal's scale: a rounded one has none (Jena 3.9's setScale(0)).
    ['ROUND', '12345678901234567890.5:decimal', '12345678901234567891:decimal'],
    ['ROUND', '-2.5:decimal', '-2:decimal'],
    ['FLOOR', '-2.5:decimal', '-3:decimal'],
    ['CEIL', '2.1:decimal', '3:decimal'],
    ['ABS', '-2.50:decimal', '2.50:decimal'],
    ['ROUND', '2.5:double', '3.0e0:double'],
    ['ROUND', '-2.5:double', '-2.0e0:double'],
    // Java's Math.round: never -0.
    ['ROUND', '-0.3:double', '0.0e0:double'],
    ['FLOOR', '2.7:float', '2.0:float'],
  ])('%s(%s) = %s', (fn, input, expected) => {
    const result = fn === 'ABS' ? numericAbs(term(input)) : integral(fn as 'CEIL' | 'FLOOR' | 'ROUND')(term(input));
    expect(show(result)).toBe(expected);
  });
});
