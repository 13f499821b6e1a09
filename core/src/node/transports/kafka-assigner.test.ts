import { describe, expect, it } from 'vitest';
import { assignBySubscription } from './kafka-assigner.js';

describe('assignBySubscription (Kafka group assigner)', () => {
  it('gives a topic only to the members that subscribed to it', () => {
    const assigned = assignBySubscription(
      new Map([
        ['m-sink', ['sink']],
        ['m-dead', ['sink.errors']],
      ]),
      new Map([
        ['sink', [0]],
        ['sink.errors', [0]],
      ]),
    );
    expect(Object.fromEntries(assigned)).toEqual({ 'm-sink': { sink: [0] }, 'm-dead': { 'sink.errors': [0] } });
  });

  it('deals the partitions of a shared topic round-robin and leaves no partition out', () => {
    const assigned = assignBySubscription(
      new Map([
        ['a', ['t']],
        ['b', ['t', 'u']],
      ]),
      new Map([
        ['t', [0, 1, 2, 3]],
        ['u', [0]],
      ]),
    );
    const t = [...(assigned.get('a')?.t ?? []), ...(assigned.get('b')?.t ?? [])].sort();
    expect(t).toEqual([0, 1, 2, 3]);
    expect(assigned.get('a')?.t).toHaveLength(2);
    expect(assigned.get('b')?.u).toEqual([0]);
    expect(assigned.get('a')?.u).toBeUndefined();
  });

  it('assigns nothing of a topic nobody subscribed to, and still answers every member', () => {
    const assigned = assignBySubscription(new Map([['a', ['t']]]), new Map([['other', [0]]]));
    expect(Object.fromEntries(assigned)).toEqual({ a: {} });
  });
});
