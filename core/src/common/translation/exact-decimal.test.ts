import { describe, expect, it } from 'vitest';
import {
  decimalAdd,
  decimalCeiling,
  decimalDivide,
  decimalFloor,
  decimalLexical,
  decimalMultiply,
  decimalRound,
  decimalSubtract,
  decimalTruncate,
  parseDecimal,
  type ExactDecimal,
} from './exact-decimal.js';

function d(lexical: string): ExactDecimal {
  const value = parseDecimal(lexical);
  if (value === undefined) throw new Error(`not a decimal: ${lexical}`);
  return value;
}

describe('parseDecimal and decimalLexical (BigDecimal.toPlainString: the scale kept)', () => {
  it.each([
    ['3.50', '3.50'],
    ['2', '2'],
    ['+007.0', '7.0'],
    ['-0.0', '0.0'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['-0.000001', '-0.000001'],
    ['123456789012345678901234567890.123456789012345678901234567890', '123456789012345678901234567890.123456789012345678901234567890'],
  ])('%s -> %s', (input, expected) => expect(decimalLexical(d(input))).toBe(expected));

  it.each(['', '.', '1e5', 'INF', '1.2.3', ' 1', '0x10'])('refuses %j', (input) => expect(parseDecimal(input)).toBeUndefined());
});

describe('exact operations', () => {
  it.each([
    ['37.2', '*', '1.8', '66.96'],
    ['66.96', '+', '32', '98.96'],
    ['0.1', '+', '0.2', '0.3'],
    ['9007199254740993', '+', '2', '9007199254740995'],
    ['3', '-', '4', '-1'],
    ['2', '*', '1.25', '2.50'],
    ['2.50', '+', '0.5', '3.00'],
    ['1', '-', '0.0000000000000000000000001', '0.9999999999999999999999999'],
    ['-1.5', '*', '-1.5', '2.25'],
  ])('%s %s %s = %s', (a, op, b, expected) => {
    const f = op === '+' ? decimalAdd : op === '-' ? decimalSubtract : decimalMultiply;
    expect(decimalLexical(f(d(a), d(b)))).toBe(expected);
  });

  it.each([
    ['7', '2', '3.5'],
    ['1', '3', '0.333333333333333333333333'],
    ['2', '3', '0.666666666666666666666666'],
    // Rounded towards negative infinity, as Jena's ROUND_FLOOR.
    ['-1', '3', '-0.333333333333333333333334'],
    ['1', '-3', '-0.333333333333333333333334'],
    ['-1', '-3', '0.333333333333333333333333'],
    ['1', '8', '0.125'],
    ['98.96', '0.01', '9896.0'],
    // Terminates only after 30 digits: cut at 24.
    ['1', '1073741824', '0.000000000931322574615478'],
    ['123456789012345678901234567890', '10', '12345678901234567890123456789.0'],
  ])('%s / %s = %s', (a, b, expected) => expect(decimalLexical(decimalDivide(d(a), d(b)))).toBe(expected));

  it('refuses division by zero', () => expect(() => decimalDivide(d('1'), d('0.0'))).toThrow(RangeError));

  it.each([
    // [value, floor, ceiling, round (halves towards positive infinity), truncate]
    ['2.5', '2', '3', '3', '2'],
    ['-2.5', '-3', '-2', '-2', '-2'],
    ['-2.51', '-3', '-2', '-3', '-2'],
    ['-0.3', '-1', '0', '0', '0'],
    ['7', '7', '7', '7', '7'],
    ['12345678901234567890.5', '12345678901234567890', '12345678901234567891', '12345678901234567891', '12345678901234567890'],
  ])('%s: floor %s, ceiling %s, round %s, truncate %s', (value, floor, ceiling, round, truncate) => {
    expect(decimalLexical(decimalFloor(d(value)))).toBe(floor);
    expect(decimalLexical(decimalCeiling(d(value)))).toBe(ceiling);
    expect(decimalLexical(decimalRound(d(value)))).toBe(round);
    expect(decimalTruncate(d(value)).toString()).toBe(truncate);
  });
});
