/**
 * Java's Double.toString and Float.toString (JDK 8 to 18), which Jena 3.9 writes computed doubles
 * and floats with; the expected strings are what Java 17 prints. The Jena differential checks
 * thousands more through Jena itself.
 */
import { describe, expect, it } from 'vitest';
import { javaDoubleToString, javaFloatToString } from './java-number-format.js';

describe('Double.toString', () => {
  it.each([
    [0.1, '0.1'],
    [100, '100.0'],
    [1e7, '1.0E7'],
    [9999999, '9999999.0'],
    [0.001, '0.001'],
    [1e-4, '1.0E-4'],
    [-2.5, '-2.5'],
    [1 / 3, '0.3333333333333333'],
    // Not the shortest digits: a tie with the bound is not taken, and exponent notation keeps two digits.
    [1e23, '9.999999999999999E22'],
    [5e-324, '4.9E-324'],
    // An integral double keeps every digit its 53 bits make significant.
    [2.82879384806159e17, '2.82879384806159008E17'],
    [2 ** 63, '9.223372036854776E18'],
    [-0, '-0.0'],
    [Infinity, 'Infinity'],
    [NaN, 'NaN'],
  ])('%d -> %s', (value, expected) => expect(javaDoubleToString(value)).toBe(expected));
});

describe('Float.toString', () => {
  it.each([
    [Math.fround(0.1), '0.1'],
    [Math.fround(1.1), '1.1'],
    [2 ** 31, '2.14748365E9'],
    [-(2 ** 31), '-2.14748365E9'],
    [Math.fround(3.4028235e38), '3.4028235E38'],
    [Math.fround(16777217), '1.6777216E7'],
    [3, '3.0'],
    [-0, '-0.0'],
  ])('%d -> %s', (value, expected) => expect(javaFloatToString(value)).toBe(expected));
});
