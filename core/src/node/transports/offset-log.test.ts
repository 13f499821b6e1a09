import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { OffsetLog } from './offset-log.js';

const entry = (offset: number) => ({ offset, value: `m${offset}` });

describe('OffsetLog', () => {
  it('keeps consecutive offsets, drops the oldest and finds entries by offset across compactions', () => {
    const log = new OffsetLog<ReturnType<typeof entry>>();
    expect(log.first).toBe(0);
    for (let i = 0; i < 5000; i++) log.push(entry(i));
    log.dropBefore(10);
    expect(log.first).toBe(10);
    expect(log.length).toBe(4990);
    expect(log.at(9)).toBeUndefined();
    expect(log.at(10)?.value).toBe('m10');
    for (let cut = 11; cut <= 4000; cut += 7) log.dropBefore(cut); // crosses the compaction point
    expect(log.first).toBe(3994);
    expect(log.at(4999)?.value).toBe('m4999');
    expect(log.at(5000)).toBeUndefined();
    expect(log.last(3).map((e) => e.offset)).toEqual([4997, 4998, 4999]);
    log.dropBefore(3000); // older than what is left: no-op
    expect(log.first).toBe(3994);
  });

  it('reports the next offset as first when empty, and refuses gaps', () => {
    const log = new OffsetLog<ReturnType<typeof entry>>(7);
    expect(log.first).toBe(7);
    log.push(entry(7));
    log.dropBefore(100);
    expect(log.length).toBe(0);
    expect(log.first).toBe(8);
    expect(() => log.push(entry(10))).toThrow(/expected/);
    expect(log.last(5)).toEqual([]);
  });

  it('lets dropped entries go at once, not at the next compaction', async () => {
    // Node's gc() without --expose-gc on the command line: the flag can be set at run time.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const log = new OffsetLog<{ offset: number; value: object }>();
    const refs: Array<WeakRef<object>> = [];
    for (let i = 0; i < 10; i++) {
      const value = { payload: 'x'.repeat(1000) + String(i) };
      refs.push(new WeakRef(value));
      log.push({ offset: i, value });
    }
    log.dropBefore(6);
    // A WeakRef target lives at least until the job that made it ends.
    await new Promise((r) => setTimeout(r, 0));
    gc();
    expect(refs.map((r) => r.deref() !== undefined)).toEqual([false, false, false, false, false, false, true, true, true, true]);
    expect(log.at(6)?.offset).toBe(6);
  });
});
