import { describe, expect, it } from 'vitest';
import { canonicalDouble, integerAsDouble, numberLexical, numberTokenSpans, parseJsonKeepingNumbers } from './json-numbers.js';

const XSD = 'http://www.w3.org/2001/XMLSchema#';

describe('canonicalDouble: d.dddE±n with the shortest round-trip digits', () => {
  // Expected forms are java.text.DecimalFormat("0.0###############E0") of the Double (what
  // jsonld-java writes), checked on OpenJDK 17, except where noted.
  it.each([
    [72.0, '7.2E1'],
    [1.0, '1.0E0'],
    [1e2, '1.0E2'],
    [1e20, '1.0E20'],
    [0.30000000000000004, '3.0000000000000004E-1'],
    [0.3, '3.0E-1'],
    [-72.5, '-7.25E1'],
    [-0.0, '-0.0E0'],
    [0, '0.0E0'],
    [1e21, '1.0E21'],
    [1e22, '1.0E22'],
    [1e-7, '1.0E-7'],
    [0.002, '2.0E-3'],
    [1.7976931348623157e308, '1.7976931348623157E308'],
    [-1.7976931348623157e308, '-1.7976931348623157E308'],
    // Java prints 4.9E-324 and 9.999999999999999E22: the same doubles, not the shortest digits.
    [5e-324, '5.0E-324'],
    [1e23, '1.0E23'],
    // Beyond the double range: XSD's INF (jsonld-java writes DecimalFormat's "∞").
    [Infinity, 'INF'],
    [-Infinity, '-INF'],
  ])('%s -> %s', (d, expected) => {
    expect(canonicalDouble(d)).toBe(expected);
  });

  it('reads back as exactly the same double, with no shorter digits that would (random bit patterns)', () => {
    const view = new DataView(new ArrayBuffer(8));
    let seed = 0x2545f491;
    const next = (): number => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return seed >>> 0;
    };
    let checked = 0;
    while (checked < 20000) {
      view.setUint32(0, next());
      view.setUint32(4, next());
      const d = view.getFloat64(0);
      if (!Number.isFinite(d)) continue;
      checked++;
      const lexical = canonicalDouble(d);
      expect(lexical).toMatch(/^-?\d\.\d+E-?\d+$/);
      // Exact value: compared as binary64, not after printing with 15 digits.
      expect(Object.is(Number(lexical), d)).toBe(true);
      const digits = lexical.replace(/^-/, '').replace(/E.*$/, '').replace('.', '').replace(/0+$/, '');
      if (digits.length > 1) expect(Number(d.toPrecision(digits.length - 1))).not.toBe(d);
    }
  });

  it('keeps 0.30000000000000004 and 0.3 apart (a 15-digit print would merge them)', () => {
    expect((0.1 + 0.2).toPrecision(15)).toBe((0.3).toPrecision(15));
    expect(canonicalDouble(0.1 + 0.2)).not.toBe(canonicalDouble(0.3));
    expect(Number(canonicalDouble(0.1 + 0.2))).toBe(0.1 + 0.2);
    expect(Number(canonicalDouble(0.1 + 0.2))).not.toBe(0.3);
  });
});

describe('integer tokens', () => {
  it.each([
    ['7', '7.0E0'],
    ['-12', '-1.2E1'],
    ['0', '0.0E0'],
    ['-0', '0.0E0'],
    ['100000000000000000', '1.0E17'],
    ['9007199254740993', '9.007199254740993E15'],
    // 17 significant digits, rounded half-even on the exact integer (DecimalFormat of a BigInteger).
    ['12345678901234567890', '1.2345678901234568E19'],
    ['12345678901234567850', '1.2345678901234568E19'],
    ['12345678901234567500', '1.2345678901234568E19'],
    ['12345678901234568500', '1.2345678901234568E19'],
    ['99999999999999999999', '1.0E20'],
    ['-99999999999999999999', '-1.0E20'],
  ])('typed xsd:double: %s -> %s', (token, expected) => {
    expect(integerAsDouble(token)).toBe(expected);
    expect(numberLexical(token, `${XSD}double`)).toBe(expected);
  });

  it('keep every digit otherwise; -0 is 0 (a Java integer)', () => {
    expect(numberLexical('12345678901234567890', `${XSD}integer`)).toBe('12345678901234567890');
    expect(numberLexical('-123456789012345678901234567890', `${XSD}long`)).toBe('-123456789012345678901234567890');
    expect(numberLexical('-0', `${XSD}integer`)).toBe('0');
    expect(numberLexical('1E2', `${XSD}int`)).toBe('1.0E2');
  });
});

describe('number tokens in the text', () => {
  it('finds numbers outside strings only, and leaves invalid runs to JSON.parse', () => {
    const text = '{"a": -1.5e3, "b\\"": ["2", 3, "x\\\\", 0], "c": "4 5", "d": 01, "e": 1.}';
    const spans = numberTokenSpans(text) ?? [];
    const tokens: string[] = [];
    for (let i = 0; i < spans.length; i += 2) tokens.push(text.slice(spans[i], spans[i + 1]));
    expect(tokens).toEqual(['-1.5e3', '3', '0']);
    expect(numberTokenSpans('{"a": "1", "b": ["-2"]}')).toBeUndefined();
  });

  it('parses with markers, each standing for its token; no numbers means plain JSON.parse', () => {
    const { doc, numbers } = parseJsonKeepingNumbers('{"a": [72.0, 12345678901234567890, -0], "b": {"@value": 1E2}}');
    const d = doc as { a: number[]; b: { '@value': number } };
    expect(d.a.map((m) => numbers?.token(m))).toEqual(['72.0', '12345678901234567890', '-0']);
    expect(numbers?.token(d.b['@value'])).toBe('1E2');
    expect(numbers?.value(d.a[0] as number)).toBe(72);
    expect(parseJsonKeepingNumbers('{"a": "72.0"}')).toEqual({ doc: { a: '72.0' }, numbers: undefined });
  });

  it('chooses markers whose printed forms the message does not contain', () => {
    const { doc, numbers } = parseJsonKeepingNumbers('{"a": 1, "b": "4000000000000", "c": "5.00000000000"}');
    const marker = (doc as { a: number }).a;
    expect(String(marker).startsWith('4')).toBe(false);
    expect(String(marker).startsWith('5')).toBe(false);
    expect(numbers?.token(marker)).toBe('1');
  });

  it('reports syntax errors of the text as sent', () => {
    expect(() => parseJsonKeepingNumbers('{"a": 1, "b": 01}')).toThrow(SyntaxError);
    expect(() => parseJsonKeepingNumbers('[1 2]')).toThrow(/position 3/);
  });
});
