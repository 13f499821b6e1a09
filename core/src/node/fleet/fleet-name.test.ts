import { describe, expect, it } from 'vitest';
import { natsNames } from '../transports/index.js';
import { fleetNameProblem, fleetNames } from './fleet-name.js';

describe('fleet names (--fleet)', () => {
  it.each(['staging', 'prod-eu-1', 'A', '9'])('takes %s', (name) => expect(fleetNameProblem(name)).toBeUndefined());
  it.each(['', '-x', 'a_b', 'a.b', 'a b', 'x'.repeat(33), 'a*'])('refuses %j', (name) => expect(fleetNameProblem(name)).toEqual(expect.any(String)));

  it('keeps the names of before without a fleet name, and gives each fleet its own', () => {
    expect(fleetNames()).toEqual({ bucketPrefix: 'mediator', streamPrefix: 'MEDIATOR', subjectPrefix: 'mediator.topic' });
    const topic = 'sensors.in';
    const names = [undefined, 'staging', 'production', 'staging-2'].map((f) => natsNames(topic, fleetNames(f)));
    expect(new Set(names.map((n) => n.stream)).size).toBe(4);
    expect(new Set(names.map((n) => n.subject)).size).toBe(4);
    // No fleet's subjects fall under another's (a stream's subjects must not overlap another's).
    for (const a of names) for (const b of names) if (a !== b) expect(a.subject.startsWith(`${b.subject.split('.').slice(0, -1).join('.')}.`)).toBe(false);
  });
});
