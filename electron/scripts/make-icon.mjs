#!/usr/bin/env node
// Draws the app icon, electron/build/icon.png (512x512 RGBA), with no dependency: shapes as signed
// distances, 4x4 supersampling for smooth edges, and a minimal PNG encoder (PNG spec, ISO/IEC 15948:
// signature, IHDR, one zlib IDAT with filter byte 0 per row, IEND; CRC-32 over type + data).
// Two platform nodes joined through the mediator's diamond. Run: node electron/scripts/make-icon.mjs
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 512;
const SAMPLES = 4;
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'build', 'icon.png');

const roundedRect = (x, y, cx, cy, half, radius) => {
  const qx = Math.abs(x - cx) - (half - radius);
  const qy = Math.abs(y - cy) - (half - radius);
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
};
const circle = (x, y, cx, cy, r) => Math.hypot(x - cx, y - cy) - r;
const diamond = (x, y, cx, cy, r) => (Math.abs(x - cx) + Math.abs(y - cy) - r) / Math.SQRT2;
const bar = (x, y, x0, x1, cy, half) => Math.max(x0 - x, x - x1, Math.abs(y - cy) - half);

const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);
const hex = (h) => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));

/** Colour of the topmost shape covering (x, y), or null outside the icon. */
function shade(x, y) {
  if (roundedRect(x, y, 256, 256, 232, 100) > 0) return null;
  let color = mix(hex('#1f3b57'), hex('#3d2f63'), (x + y) / (2 * SIZE));
  if (bar(x, y, 124, 388, 256, 12) <= 0) color = hex('#e8eef5');
  if (circle(x, y, 124, 256, 62) <= 0) color = circle(x, y, 124, 256, 42) <= 0 ? hex('#4fc3f7') : hex('#e8eef5');
  if (circle(x, y, 388, 256, 62) <= 0) color = circle(x, y, 388, 256, 42) <= 0 ? hex('#81c784') : hex('#e8eef5');
  if (diamond(x, y, 256, 256, 70) <= 0) color = diamond(x, y, 256, 256, 50) <= 0 ? hex('#ffca28') : hex('#e8eef5');
  return color;
}

const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let py = 0; py < SIZE; py++) {
  const row = py * (SIZE * 4 + 1);
  raw[row] = 0; // filter: none
  for (let px = 0; px < SIZE; px++) {
    const sum = [0, 0, 0];
    let covered = 0;
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const c = shade(px + (sx + 0.5) / SAMPLES, py + (sy + 0.5) / SAMPLES);
        if (c === null) continue;
        covered++;
        for (let i = 0; i < 3; i++) sum[i] += c[i];
      }
    }
    const at = row + 1 + px * 4;
    for (let i = 0; i < 3; i++) raw[at + i] = covered ? Math.round(sum[i] / covered) : 0;
    raw[at + 3] = Math.round((255 * covered) / (SAMPLES * SAMPLES));
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // colour type: RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);

await mkdir(dirname(out), { recursive: true });
await writeFile(out, png);
console.log(`wrote ${out} (${SIZE}x${SIZE}, ${png.length} bytes)`);
