/**
 * Reading a suite's case files: the compiled check that lets a valid case.json through must refuse
 * exactly what the schema's error walk reports, with that walk's message (checked on generated
 * mutations of a valid description).
 */
import { describe, expect, it } from 'vitest';
import { ParseError } from '../errors.js';
import { suiteFromFiles, suiteToFiles } from './suite-files.js';

const valid = {
  name: 'one',
  alignments: [{ name: 'A', version: '1' }],
  message: 'input.json',
  expectedPayload: 'expected-payload.nt',
  expectedSteps: [{ alignment: 'A', step: 1, cellId: 'c', triplesBefore: 3, triplesAfter: 4, deleted: 0, inserted: 1 }],
};

/** Every value at every path of `doc` replaced by each of a few others (wrong types, bounds, absence). */
function* mutations(doc: unknown, path: Array<string | number> = []): Generator<[string, unknown]> {
  const replacements: unknown[] = [undefined, null, '', 'x', 0, -1, 1.5, 2, true, [], {}];
  for (const r of replacements) yield [`${path.join('/')} = ${JSON.stringify(r)}`, setAt(valid, path, r)];
  if (doc !== null && typeof doc === 'object') {
    for (const [k, v] of Object.entries(doc)) yield* mutations(v, [...path, Array.isArray(doc) ? Number(k) : k]);
  }
}

function setAt(doc: unknown, path: ReadonlyArray<string | number>, value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(doc) as Record<string | number, unknown>;
  let at = copy;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

function read(description: unknown): string {
  const files = [
    { path: 'one/case.json', content: JSON.stringify(description) },
    { path: 'one/input.json', content: '{}' },
    { path: 'one/expected-payload.nt', content: '' },
    { path: 'one/x', content: '' },
  ];
  try {
    suiteFromFiles(files);
    return 'read';
  } catch (error) {
    expect(error).toBeInstanceOf(ParseError);
    return (error as Error).message;
  }
}

describe('suite case files', () => {
  it('round-trips a suite through its files', () => {
    const cases = [{ name: 'one', alignments: [{ name: 'A', version: '1' }], message: '{}', expectedPayload: '', expectedSteps: valid.expectedSteps }];
    expect(suiteFromFiles(suiteToFiles(cases))).toEqual(cases);
  });

  it('refuses a description that does not fit the schema with the error at its path, and reads every one that does', () => {
    const outcomes = new Map<string, string>();
    for (const [what, description] of mutations(valid)) outcomes.set(what, read(description));
    // Spot checks of the generated outcomes: a wrong type, a bound, an optional field left out, an extra one.
    expect(outcomes.get('name = 0')).toBe('/name must be string');
    expect(outcomes.get('name = ""')).toMatch(/^\/name /);
    expect(outcomes.get('expectedSteps/0/step = 0')).toMatch(/^\/expectedSteps\/0\/step /);
    expect(outcomes.get('expectedSteps/0/deleted = 1.5')).toMatch(/^\/expectedSteps\/0\/deleted /);
    expect(outcomes.get('expectedSteps = undefined')).toBe('read');
    expect(outcomes.get('alignments/0/version = undefined')).toMatch(/^\/alignments\/0 /);
    expect(outcomes.get(' = []')).toMatch(/^the document /);
    // Every refusal names a path (the schema walk's words; the document left out is no JSON at all), and some of each kind were generated.
    const refused = [...outcomes.values()].filter((o) => o !== 'read');
    expect(refused.filter((m) => !/^(\/|the document |not JSON)/.test(m))).toEqual([]);
    expect(Math.min(refused.length, outcomes.size - refused.length)).toBeGreaterThan(5);
  });
});
