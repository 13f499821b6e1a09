import { describe, expect, it } from 'vitest';
import { tarOfTextFiles } from './tar-text.js';

/** Reads a ustar archive back from its bytes: each entry's name, size, checksum check and content. */
function readTar(archive: Uint8Array): Array<{ path: string; content: string; checksumOk: boolean }> {
  const decoder = new TextDecoder();
  const text = (from: number, size: number) => decoder.decode(archive.subarray(from, from + size)).replace(/\0.*$/s, '');
  const out: Array<{ path: string; content: string; checksumOk: boolean }> = [];
  let at = 0;
  while (at + 512 <= archive.length && archive[at] !== 0) {
    const size = parseInt(text(at + 124, 12), 8);
    const stored = parseInt(text(at + 148, 8), 8);
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : (archive[at + i] ?? 0);
    expect(text(at + 257, 6)).toBe('ustar');
    out.push({ path: text(at, 100), content: decoder.decode(archive.subarray(at + 512, at + 512 + size)), checksumOk: sum === stored });
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return out;
}

describe('tarOfTextFiles', () => {
  const files = [
    { path: 'suite/weight/case.json', content: '{"name": "weight"}\n' },
    { path: 'suite/wéight/input.json', content: 'ü€ — not ASCII, sizes in bytes' },
    { path: 'suite/empty.txt', content: '' },
    { path: 'suite/exactly-512', content: 'x'.repeat(512) },
  ];
  const archive = new TextEncoder().encode(tarOfTextFiles(files, 1_700_000_000));

  it('reads back as the same files, each header with a valid checksum', () => {
    expect(readTar(archive)).toEqual(files.map((f) => ({ ...f, checksumOk: true })));
  });

  it('is whole 512-byte blocks, ending with two empty ones', () => {
    expect(archive.length % 512).toBe(0);
    expect(archive.subarray(archive.length - 1024).every((b) => b === 0)).toBe(true);
  });

  it('refuses a path longer than a header holds instead of cutting it', () => {
    expect(() => tarOfTextFiles([{ path: 'a/'.repeat(60), content: '' }])).toThrow(/longer than an archive entry can hold/);
  });
});
