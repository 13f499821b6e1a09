/**
 * MD5, SHA1, SHA256, SHA384, SHA512 (SPARQL 1.1 section 17.4.6): the lower-case hex digest of the
 * UTF-8 bytes of a simple literal or xsd:string (Jena's ExprDigest refuses language-tagged strings
 * and every other datatype). Written out here because core/common runs in the browser too, where
 * the only built-in digest (WebCrypto) is asynchronous and has no MD5.
 */
import type { RDF } from '../rdf/terms.js';
import { def, plainStringArg, simpleLiteral, type FunctionDef } from './function-support.js';
import { javaUtf8Bytes } from './jena-strings.js';

function hex(words: readonly number[], littleEndian = false): string {
  let out = '';
  for (const w of words) {
    const v = littleEndian ? ((w & 0xff) << 24) | ((w & 0xff00) << 8) | ((w >>> 8) & 0xff00) | (w >>> 24) : w;
    out += (v >>> 0).toString(16).padStart(8, '0');
  }
  return out;
}

/** The message padded to whole blocks of `blockBytes`, the bit length in the last `lengthBytes`. */
function padded(bytes: Uint8Array, blockBytes: number, lengthBytes: number, littleEndian: boolean): DataView {
  const total = Math.ceil((bytes.length + 1 + lengthBytes) / blockBytes) * blockBytes;
  const buffer = new Uint8Array(total);
  buffer.set(bytes);
  buffer[bytes.length] = 0x80;
  const view = new DataView(buffer.buffer);
  const bits = bytes.length * 8;
  if (littleEndian) {
    view.setUint32(total - 8, bits >>> 0, true);
    view.setUint32(total - 4, Math.floor(bits / 2 ** 32), true);
  } else {
    view.setUint32(total - 8, Math.floor(bits / 2 ** 32));
    view.setUint32(total - 4, bits >>> 0);
  }
  return view;
}

const rotl = (x: number, n: number): number => (x << n) | (x >>> (32 - n));
const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

const MD5_S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const MD5_K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0);

function md5(bytes: Uint8Array): string {
  const view = padded(bytes, 64, 8, true);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let block = 0; block < view.byteLength; block += 64) {
    let [a, b, c, d] = h as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      const f = round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const g = round === 0 ? i : round === 1 ? (5 * i + 1) % 16 : round === 2 ? (3 * i + 5) % 16 : (7 * i) % 16;
      const next = (b + rotl((a + f + MD5_K[i]! + view.getUint32(block + g * 4, true)) | 0, MD5_S[round * 4 + (i % 4)]!)) | 0;
      [a, b, c, d] = [d, next, b, c];
    }
    h[0] = (h[0]! + a) | 0;
    h[1] = (h[1]! + b) | 0;
    h[2] = (h[2]! + c) | 0;
    h[3] = (h[3]! + d) | 0;
  }
  return hex(h, true);
}

function sha1(bytes: Uint8Array): string {
  const view = padded(bytes, 64, 8, false);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
  const w = new Int32Array(80);
  for (let block = 0; block < view.byteLength; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getInt32(block + i * 4);
    for (let i = 16; i < 80; i++) w[i] = rotl(w[i - 3]! ^ w[i - 8]! ^ w[i - 14]! ^ w[i - 16]!, 1);
    let [a, b, c, d, e] = h as [number, number, number, number, number];
    for (let i = 0; i < 80; i++) {
      const [f, k] =
        i < 20
          ? [(b & c) | (~b & d), 0x5a827999]
          : i < 40
            ? [b ^ c ^ d, 0x6ed9eba1]
            : i < 60
              ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc]
              : [b ^ c ^ d, 0xca62c1d6];
      const t = (rotl(a, 5) + f + e + k + w[i]!) | 0;
      [a, b, c, d, e] = [t, a, rotl(b, 30), c, d];
    }
    [a, b, c, d, e].forEach((v, i) => (h[i] = (h[i]! + v) | 0));
  }
  return hex(h);
}

/** The first 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4). */
const SHA256_K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

function sha256(bytes: Uint8Array): string {
  const view = padded(bytes, 64, 8, false);
  const h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
  const w = new Int32Array(64);
  for (let block = 0; block < view.byteLength; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getInt32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15]!, 7) ^ rotr(w[i - 15]!, 18) ^ (w[i - 15]! >>> 3);
      const s1 = rotr(w[i - 2]!, 17) ^ rotr(w[i - 2]!, 19) ^ (w[i - 2]! >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + SHA256_K[i]! + w[i]!) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      [a, b, c, d, e, f, g, hh] = [(t1 + t2) | 0, a, b, c, (d + t1) | 0, e, f, g];
    }
    [a, b, c, d, e, f, g, hh].forEach((v, i) => (h[i] = (h[i]! + v) | 0));
  }
  return hex(h);
}

// SHA-512 and SHA-384 on 64-bit words (BigInt: these digests are rare in cells and short inputs).
const MASK64 = (1n << 64n) - 1n;
const rotr64 = (x: bigint, n: bigint): bigint => ((x >> n) | (x << (64n - n))) & MASK64;

/** The first 64 bits of the fractional parts of the cube roots of the first 80 primes. */
const SHA512_K = (() => {
  const primes: number[] = [];
  for (let n = 2; primes.length < 80; n++) if (primes.every((p) => n % p !== 0)) primes.push(n);
  return primes.map((p) => fractionBits(p, 3));
})();

/** The first 64 bits of the fractional part of p^(1/root), exactly (integer root by Newton's method). */
function fractionBits(p: number, root: 2 | 3): bigint {
  const scaled = BigInt(p) << (64n * BigInt(root));
  let x = BigInt(Math.floor(Math.pow(p, 1 / root))) << 64n;
  const r = BigInt(root);
  for (let i = 0; i < 200; i++) {
    const next = ((r - 1n) * x + scaled / x ** (r - 1n)) / r;
    if (next === x) break;
    x = next;
  }
  while (x ** r > scaled) x -= 1n;
  return x & MASK64;
}

function sha512Family(bytes: Uint8Array, initial: readonly bigint[], outputWords: number): string {
  const view = padded(bytes, 128, 16, false);
  const h = [...initial];
  const w: bigint[] = new Array<bigint>(80).fill(0n);
  for (let block = 0; block < view.byteLength; block += 128) {
    for (let i = 0; i < 16; i++) w[i] = view.getBigUint64(block + i * 8);
    for (let i = 16; i < 80; i++) {
      const s0 = rotr64(w[i - 15]!, 1n) ^ rotr64(w[i - 15]!, 8n) ^ (w[i - 15]! >> 7n);
      const s1 = rotr64(w[i - 2]!, 19n) ^ rotr64(w[i - 2]!, 61n) ^ (w[i - 2]! >> 6n);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) & MASK64;
    }
    let [a, b, c, d, e, f, g, hh] = h as [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint];
    for (let i = 0; i < 80; i++) {
      const t1 = (hh + (rotr64(e, 14n) ^ rotr64(e, 18n) ^ rotr64(e, 41n)) + ((e & f) ^ (~e & MASK64 & g)) + SHA512_K[i]! + w[i]!) & MASK64;
      const t2 = ((rotr64(a, 28n) ^ rotr64(a, 34n) ^ rotr64(a, 39n)) + ((a & b) ^ (a & c) ^ (b & c))) & MASK64;
      [a, b, c, d, e, f, g, hh] = [(t1 + t2) & MASK64, a, b, c, (d + t1) & MASK64, e, f, g];
    }
    [a, b, c, d, e, f, g, hh].forEach((v, i) => (h[i] = (h[i]! + v) & MASK64));
  }
  return h
    .slice(0, outputWords)
    .map((v) => v.toString(16).padStart(16, '0'))
    .join('');
}

const FIRST_PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53];
/** SHA-512's initial words: square roots of the first 8 primes; SHA-384's: of the 9th to 16th. */
const SHA512_H = FIRST_PRIMES.slice(0, 8).map((p) => fractionBits(p, 2));
const SHA384_H = FIRST_PRIMES.slice(8, 16).map((p) => fractionBits(p, 2));

function digest(name: string, algorithm: (bytes: Uint8Array) => string): FunctionDef {
  return def(([t]: readonly RDF.Term[]) => simpleLiteral(algorithm(javaUtf8Bytes(plainStringArg(t, name).value))), 1);
}

export const HASH_BUILTINS: Record<string, FunctionDef> = {
  MD5: digest('MD5', md5),
  SHA1: digest('SHA1', sha1),
  SHA256: digest('SHA256', sha256),
  SHA384: digest('SHA384', (b) => sha512Family(b, SHA384_H, 6)),
  SHA512: digest('SHA512', (b) => sha512Family(b, SHA512_H, 8)),
};
