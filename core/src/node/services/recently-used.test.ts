import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../test-support/payload-variants.js';
import { RecentlyUsed } from './recently-used.js';

/** A plain model of the same rules: a list, most recent last. */
function model(maxEntries: number, maxWeight: number) {
  let list: Array<[number, number]> = [];
  return {
    get(k: number): number | undefined {
      const found = list.find(([key]) => key === k);
      if (found !== undefined) list = [...list.filter(([key]) => key !== k), found];
      return found?.[1];
    },
    set(k: number, v: number): void {
      list = list.filter(([key]) => key !== k);
      if (v > maxWeight || maxEntries <= 0) return;
      list.push([k, v]);
      while (list.length > maxEntries || list.reduce((s, [, w]) => s + w, 0) > maxWeight) list.shift();
    },
    delete(k: number): void {
      list = list.filter(([key]) => key !== k);
    },
    keys: () => list.map(([k]) => k),
    weight: () => list.reduce((sum, [, w]) => sum + w, 0),
  };
}

describe('RecentlyUsed', () => {
  it('drops the least recently used first, within a count', () => {
    const recent = new RecentlyUsed<string, number>(3);
    for (const [k, v] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      recent.set(k, v);
    expect(recent.get('a')).toBe(1);
    recent.set('d', 4);
    expect(recent.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((k) => recent.get(k))).toEqual([1, 3, 4]);
  });

  it('keeps the total weight within its budget, and refuses a value heavier than all of it', () => {
    const recent = new RecentlyUsed<string, Uint8Array>(10, 100, (b) => b.byteLength);
    recent.set('a', new Uint8Array(60));
    recent.set('b', new Uint8Array(30));
    recent.set('c', new Uint8Array(30));
    expect(recent.get('a')).toBeUndefined();
    expect(recent.totalWeight).toBe(60);
    recent.set('b', new Uint8Array(101));
    expect(recent.get('b')).toBeUndefined();
    expect(recent.totalWeight).toBe(30);
  });

  it('agrees with a plain model over random operations (counts, weights, deletes)', () => {
    const next = seededRandom(42);
    const random = (n: number): number => Math.floor(next() * n);
    for (let round = 0; round < 50; round++) {
      const maxEntries = 1 + random(6);
      const maxWeight = 5 + random(40);
      const recent = new RecentlyUsed<number, number>(maxEntries, maxWeight, (v) => v);
      const plain = model(maxEntries, maxWeight);
      for (let step = 0; step < 200; step++) {
        const k = random(10);
        const op = random(3);
        if (op === 0) expect(recent.get(k)).toBe(plain.get(k));
        else if (op === 1) {
          const v = 1 + random(20);
          recent.set(k, v);
          plain.set(k, v);
        } else {
          recent.delete(k);
          plain.delete(k);
        }
        expect(recent.size).toBe(plain.keys().length);
        expect(recent.totalWeight).toBe(plain.weight());
      }
    }
  });
});
