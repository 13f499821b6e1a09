/**
 * A POSIX ustar archive of text files, built as a string whose UTF-8 encoding is the archive's bytes
 * (headers are ASCII and NUL padding; every size and padding is counted in UTF-8 bytes). A string,
 * so it goes through the same save path as every other download, the desktop app's included, and
 * `tar xf` unpacks it anywhere (issue 39: a suite exported for `mediator test SUITE_DIR`). Pure.
 */

const BLOCK = 512;
const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text).length;

/** `text` cut to at most `size` UTF-8 bytes (never inside a character), then NUL-padded to `size` bytes. */
function field(text: string, size: number): string {
  let out = '';
  for (const ch of text) {
    if (bytes(out + ch) > size) break;
    out += ch;
  }
  return out + '\0'.repeat(size - bytes(out));
}

/** An octal number field: digits, then one NUL, `size` bytes in all. */
const octal = (value: number, size: number) => `${value.toString(8).padStart(size - 1, '0')}\0`;

function header(path: string, size: number, mtime: number): string {
  if (bytes(path) > 100) throw new Error(`The path ${path} is longer than an archive entry can hold (100 bytes).`);
  const fields = (checksum: string) =>
    field(path, 100) +
    octal(0o644, 8) +
    octal(0, 8) +
    octal(0, 8) +
    octal(size, 12) +
    octal(mtime, 12) +
    checksum +
    '0' +
    field('', 100) +
    'ustar\u000000' +
    field('', 32) +
    field('', 32) +
    octal(0, 8) +
    octal(0, 8) +
    field('', 155) +
    field('', 12);
  // The checksum is the sum of the header's bytes with its own field read as eight spaces.
  const sum = encoder.encode(fields('        ')).reduce((a, b) => a + b, 0);
  return fields(`${sum.toString(8).padStart(6, '0')}\0 `);
}

export interface TextFile {
  readonly path: string;
  readonly content: string;
}

/** The archive of `files` (paths `/`-separated, relative), modification time `mtime` (seconds since 1970). */
export function tarOfTextFiles(files: readonly TextFile[], mtime = Math.floor(Date.now() / 1000)): string {
  let out = '';
  for (const file of files) {
    const size = bytes(file.content);
    out += header(file.path, size, mtime) + file.content + '\0'.repeat((BLOCK - (size % BLOCK)) % BLOCK);
  }
  return out + '\0'.repeat(2 * BLOCK);
}
