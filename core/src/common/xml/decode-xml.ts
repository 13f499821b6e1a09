/**
 * The bytes of an XML document to its text, in the encoding the document says it is in (XML 1.0
 * section 4.3.3 and appendix F): a byte-order mark first, else the encoding of the XML declaration,
 * else UTF-8. Reading every body as UTF-8 stored Latin-1 documents silently altered (each accented
 * letter became U+FFFD) and let invalid bytes through the same way; now bytes that are not valid in
 * the encoding are refused with their position, and an encoding this reader does not know is
 * refused rather than guessed.
 */
import { ErrorCodes, ParseError } from '../errors.js';

/** The encodings read, by their canonical name: what the refusal of another one lists. */
export const XML_ENCODINGS = ['UTF-8', 'UTF-16', 'ISO-8859-1', 'US-ASCII'] as const;

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'latin1' | 'ascii';

/** IANA names and aliases (case-insensitive) of the encodings read. */
const NAMES: Readonly<Record<string, Encoding | 'utf-16'>> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'utf-16': 'utf-16',
  utf16: 'utf-16',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
  'iso-8859-1': 'latin1',
  'iso_8859-1': 'latin1',
  'iso8859-1': 'latin1',
  latin1: 'latin1',
  'latin-1': 'latin1',
  l1: 'latin1',
  'us-ascii': 'ascii',
  ascii: 'ascii',
};

/** `<?xml version="1.0" encoding="NAME"` at the very start, read as ASCII. */
const DECLARATION = /<\?xml\s[^?>]{0,200}?\bencoding\s*=\s*(["'])([A-Za-z][A-Za-z0-9._-]{0,40})\1/y;

/** ISO-8859-1: each byte is the code point of the same number (no Buffer: common code runs in browsers too). */
function latin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

function refuse(message: string): ParseError {
  return new ParseError(message, { code: ErrorCodes.xmlEncoding });
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i] ?? 0;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let code = b & (0xff >> (need + 2));
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      code = (code << 6) | (c & 0x3f);
    }
    // Overlong forms, UTF-16 surrogates and code points past U+10FFFF are not UTF-8 (RFC 3629).
    if (code < min || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return i;
    i += need + 1;
  }
  return -1;
}

function decodeUtf8(bytes: Uint8Array, why: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    throw refuse(`The document is not valid UTF-8 (${why}): invalid byte 0x${(bytes[at] ?? 0).toString(16).padStart(2, '0')} at byte ${at}`);
  }
}

function decodeUtf16(bytes: Uint8Array, encoding: 'utf-16le' | 'utf-16be'): string {
  try {
    return new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    // An odd length or an unpaired surrogate: find the first bad code unit.
    const little = encoding === 'utf-16le';
    for (let i = 0; i + 1 < bytes.length; i += 2) {
      const unit = little ? (bytes[i] ?? 0) | ((bytes[i + 1] ?? 0) << 8) : ((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0);
      if (unit >= 0xdc00 && unit <= 0xdfff) return badUtf16(i, encoding);
      if (unit >= 0xd800 && unit <= 0xdbff) {
        const next = little ? (bytes[i + 2] ?? 0) | ((bytes[i + 3] ?? 0) << 8) : ((bytes[i + 2] ?? 0) << 8) | (bytes[i + 3] ?? 0);
        if (i + 3 >= bytes.length || next < 0xdc00 || next > 0xdfff) return badUtf16(i, encoding);
        i += 2;
      }
    }
    return badUtf16(bytes.length - (bytes.length % 2 === 1 ? 1 : 0), encoding);
  }
}

function badUtf16(offset: number, encoding: string): never {
  throw refuse(`The document is not valid ${encoding.toUpperCase()}: invalid code unit at byte ${offset}`);
}

/**
 * Decodes an XML document's bytes. Throws XML_ENCODING (a 400) for bytes that are invalid in the
 * document's encoding (with the byte position) and for encodings not in XML_ENCODINGS.
 */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes.length === 0) return '';
  const [b0, b1, b2, b3] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  // Byte-order marks (XML 1.0 appendix F.1), and UTF-16 `<?` without one.
  if (b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return decodeUtf8(bytes, 'it starts with the UTF-8 byte-order mark');
  if (b0 === 0xfe && b1 === 0xff) return decodeUtf16(bytes, 'utf-16be');
  if (b0 === 0xff && b1 === 0xfe) return decodeUtf16(bytes, 'utf-16le');
  if (b0 === 0x3c && b1 === 0x00 && b2 === 0x3f && b3 === 0x00) return decodeUtf16(bytes, 'utf-16le');
  if (b0 === 0x00 && b1 === 0x3c && b2 === 0x00 && b3 === 0x3f) return decodeUtf16(bytes, 'utf-16be');
  const head = latin1(bytes.subarray(0, 256));
  DECLARATION.lastIndex = 0;
  const declared = DECLARATION.exec(head)?.[2];
  if (declared === undefined) return decodeUtf8(bytes, 'no encoding is declared, so it is UTF-8');
  const encoding = NAMES[declared.toLowerCase()];
  switch (encoding) {
    case undefined:
      throw refuse(`The encoding "${declared}" of the XML declaration is not supported: use ${XML_ENCODINGS.join(', ')}`);
    case 'utf-8':
      return decodeUtf8(bytes, `the XML declaration says ${declared}`);
    case 'latin1':
      // Every byte is a character in ISO-8859-1 (TextDecoder's "iso-8859-1" is windows-1252 instead).
      return latin1(bytes);
    case 'ascii': {
      const bad = bytes.findIndex((b) => b > 0x7f);
      if (bad >= 0)
        throw refuse(`The document is not valid US-ASCII (the XML declaration says ${declared}): byte 0x${(bytes[bad] ?? 0).toString(16)} at byte ${bad}`);
      return latin1(bytes);
    }
    default:
      // UTF-16 read as ASCII: the declaration's bytes would have zeros between them (caught above).
      throw refuse(`The XML declaration says ${declared}, but the document is not in UTF-16 (no byte-order mark, one byte per character)`);
  }
}
