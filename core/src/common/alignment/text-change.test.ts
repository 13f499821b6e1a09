import { describe, expect, it } from 'vitest';
import { changedRegion } from '../../test-support/changed-region.js';
import { seededRandom as seeded } from '../../test-support/payload-variants.js';
import { textChange } from './text-change.js';

// Few letters, so that heads and tails repeat and the two scans can meet; a surrogate pair among them.
const ALPHABET = ['a', 'b', '\n', '<', '😀', 'é'];

function randomText(r: () => number, max: number): string {
  let s = '';
  const n = Math.floor(r() * max);
  for (let i = 0; i < n; i++) s += ALPHABET[Math.floor(r() * ALPHABET.length)];
  return s;
}

function apply(before: string, change: ReturnType<typeof textChange>): string {
  return before.slice(0, change.start) + change.insert + before.slice(change.end);
}

const splitsPair = (s: string, at: number) => at > 0 && at < s.length && /[\uD800-\uDBFF]/.test(s[at - 1] ?? '') && /[\uDC00-\uDFFF]/.test(s[at] ?? '');

describe('textChange', () => {
  it('turns the text before into the text after, keeps the common head and tail, and never splits a surrogate pair (2,000 seeded pairs)', () => {
    const r = seeded(42);
    for (let i = 0; i < 2000; i++) {
      const before = randomText(r, 30);
      // An edit of the text before, as typing or the form makes, or an unrelated text.
      const at = Math.floor(r() * (before.length + 1));
      const cut = Math.min(before.length, at + Math.floor(r() * 4));
      const after = r() < 0.8 ? before.slice(0, at) + randomText(r, 4) + before.slice(cut) : randomText(r, 30);
      const change = textChange(before, after);
      expect(apply(before, change), JSON.stringify({ before, after, change })).toBe(after);
      expect(change.start).toBeLessThanOrEqual(change.end);
      expect(splitsPair(before, change.start) || splitsPair(before, change.end)).toBe(false);
      // Minimal up to a surrogate pair: at most one code unit of common head or tail is left in.
      const inserted = change.insert.length - (change.end - change.start);
      expect(inserted).toBe(after.length - before.length);
      if (change.start < change.end && change.insert.length > 0) {
        const sameFirst = before[change.start] === change.insert[0] && !/[\uD800-\uDBFF]/.test(before[change.start] ?? '');
        expect(sameFirst, JSON.stringify({ before, after, change })).toBe(false);
      }
    }
  });

  it('finds in long texts the head and tail a character-by-character scan finds (300 seeded pairs of up to 40,000 characters)', () => {
    const r = seeded(7);
    for (let i = 0; i < 300; i++) {
      const before = randomText(r, 20).repeat(1 + Math.floor(r() * 2000));
      let after = before;
      // One to three edits anywhere, so the chunks before, between and after them compare equal or not.
      for (let k = 1 + Math.floor(r() * 3); k > 0; k--) {
        const at = Math.floor(r() * (after.length + 1));
        after = after.slice(0, at) + randomText(r, 3) + after.slice(Math.min(after.length, at + Math.floor(r() * 3)));
      }
      const change = textChange(before, after);
      expect(apply(before, change)).toBe(after);
      const scanned = changedRegion(before, after);
      // The same, up to the one unit kept to leave a surrogate pair whole.
      expect(scanned.start - change.start).toBeGreaterThanOrEqual(0);
      expect(scanned.start - change.start).toBeLessThanOrEqual(1);
      expect(change.end - scanned.end).toBeGreaterThanOrEqual(0);
      expect(change.end - scanned.end).toBeLessThanOrEqual(1);
    }
  });

  it('replaces only the characters typed in a long text', () => {
    const before = 'x'.repeat(100_000) + '<a>value</a>' + 'y'.repeat(100_000);
    const after = before.replace('value', 'values');
    expect(textChange(before, after)).toEqual({ start: 100_008, end: 100_008, insert: 's' });
    expect(textChange(before, before)).toEqual({ start: before.length, end: before.length, insert: '' });
    expect(textChange('', 'abc')).toEqual({ start: 0, end: 0, insert: 'abc' });
    expect(textChange('abc', '')).toEqual({ start: 0, end: 3, insert: '' });
  });
});
