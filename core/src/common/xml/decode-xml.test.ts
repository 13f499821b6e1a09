import { describe, expect, it } from 'vitest';
import { ErrorCodes, ParseError } from '../errors.js';
import { decodeXml, firstInvalidUtf8 } from './decode-xml.js';

const TEXT = '<a t="café ü">naïve — ✓ 𝄞</a>';
const latin1Bytes = (text: string): Uint8Array => Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
const utf16 = (text: string, little: boolean, bom: boolean): Uint8Array => {
  const units = [...(bom ? '\uFEFF' : ''), ...text].join('');
  const out = new Uint8Array(units.length * 2);
  for (let i = 0; i < units.length; i++) {
    const u = units.charCodeAt(i);
    out[2 * i + (little ? 0 : 1)] = u & 0xff;
    out[2 * i + (little ? 1 : 0)] = u >> 8;
  }
  return out;
};

function refusal(bytes: Uint8Array): ParseError {
  try {
    decodeXml(bytes);
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('decodeXml', () => {
  it('reads UTF-8 by default, with or without a declaration or BOM (kept)', () => {
    expect(decodeXml(new TextEncoder().encode(TEXT))).toBe(TEXT);
    const declared = `<?xml version="1.0" encoding="utf-8"?>${TEXT}`;
    expect(decodeXml(new TextEncoder().encode(declared))).toBe(declared);
    expect(decodeXml(new TextEncoder().encode(`\uFEFF${TEXT}`))).toBe(`\uFEFF${TEXT}`);
    expect(decodeXml(new Uint8Array())).toBe('');
  });

  it.each(['ISO-8859-1', 'latin1', "iso-8859-1' standalone='yes"])('reads ISO-8859-1 declared as %s, bytes 0x80-0xFF included', (name) => {
    const text = `<?xml version="1.0" encoding='${name}'?><a>café ü \u0080 ÿ</a>`;
    expect(decodeXml(latin1Bytes(text))).toBe(text);
  });

  it.each([
    [true, true],
    [false, true],
    [true, false],
    [false, false],
  ])('reads UTF-16 (little-endian %s, BOM %s)', (little, bom) => {
    const text = `<?xml version="1.0" encoding="UTF-16"?>${TEXT}`;
    expect(decodeXml(utf16(text, little, bom))).toBe(bom ? `\uFEFF${text}` : text);
  });

  it.each([
    ['a Latin-1 byte in a UTF-8 document', latin1Bytes('<a>caf\u00e9</a>'), 6],
    ['a truncated sequence', Uint8Array.from([0x3c, 0x61, 0x3e, 0xe2, 0x82]), 3],
    ['an overlong form', Uint8Array.from([0x3c, 0xc0, 0xaf]), 1],
    ['an encoded surrogate', Uint8Array.from([0x3c, 0x61, 0xed, 0xa0, 0x80]), 2],
  ])('refuses %s with XML_ENCODING and the byte position', (_name, bytes, at) => {
    expect(firstInvalidUtf8(bytes)).toBe(at);
    const error = refusal(bytes);
    expect(error.code).toBe(ErrorCodes.xmlEncoding);
    expect(error.message).toContain(`at byte ${at}`);
  });

  it('refuses an encoding it does not know, an ASCII document with high bytes, and UTF-16 declared on one-byte text', () => {
    expect(refusal(latin1Bytes('<?xml version="1.0" encoding="Shift_JIS"?><a/>')).message).toMatch(
      /"Shift_JIS".*not supported: use UTF-8, UTF-16, ISO-8859-1, US-ASCII/,
    );
    expect(refusal(latin1Bytes('<?xml version="1.0" encoding="US-ASCII"?><a>\u00e9</a>')).message).toContain('at byte 44');
    expect(refusal(latin1Bytes('<?xml version="1.0" encoding="UTF-16"?><a/>')).code).toBe(ErrorCodes.xmlEncoding);
    expect(refusal(utf16('<a>\uD800</a>', true, true)).message).toMatch(/UTF-16LE: invalid code unit at byte 8/);
  });
});
