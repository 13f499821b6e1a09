import { describe, expect, it } from 'vitest';
import { BadRequestError, ErrorCodes } from '../errors.js';
import type { PomModel } from './maven-pom.js';
import { interpolate, MAX_PROPERTY_DEPTH, MAX_PROPERTY_LENGTH, type PomContext } from './maven-properties.js';

function context(properties: Record<string, string>): PomContext {
  const pom: PomModel = {
    source: 'pom.xml',
    groupId: 'g',
    artifactId: 'a',
    version: '1.0',
    parent: undefined,
    properties,
    dependencies: [],
    managedDependencies: [],
  };
  return { pom };
}

/** `p0 = seed`, then `p{i} = ${p{i-1}}` written `width` times: `width^links` characters fully expanded. */
function chain(links: number, width: number, seed = 'x'): Record<string, string> {
  const properties: Record<string, string> = { p0: seed };
  for (let i = 1; i <= links; i++) properties[`p${i}`] = `\${p${i - 1}}`.repeat(width);
  return properties;
}

function refusal(run: () => unknown): BadRequestError {
  try {
    run();
  } catch (error) {
    if (error instanceof BadRequestError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('interpolate bounds', () => {
  it('resolves chains, unresolved names and cycles as before', () => {
    const ctx = context({ a: '${b}.0', b: '${project.version}', c: '${d}', d: '${c}' });
    expect(interpolate('${a}', ctx)).toEqual({ value: '1.0.0', unresolved: [], cycle: undefined });
    expect(interpolate('${nope}-${a}', ctx)).toEqual({ value: '${nope}-1.0.0', unresolved: ['nope'], cycle: undefined });
    expect(interpolate('${c}', ctx).cycle).toBe('${c} -> ${d} -> ${c}');
  });

  it.each([
    [40, 2],
    [20, 3],
    [12, 8],
  ])('refuses a doubling chain of %i links x %i quickly with POM_PROPERTY_LIMIT naming a bound', (links, width) => {
    const started = performance.now();
    const error = refusal(() => interpolate(`\${p${links}}`, context(chain(links, width))));
    expect(performance.now() - started).toBeLessThan(1000);
    expect(error.code).toBe(ErrorCodes.pomPropertyLimit);
    // Long chains meet the depth bound first, short wide ones the size bound.
    expect(error.message).toMatch(new RegExp(`${MAX_PROPERTY_LENGTH} characters|${MAX_PROPERTY_DEPTH} properties deep`));
  });

  it('refuses a chain deeper than the depth bound, naming it', () => {
    const error = refusal(() => interpolate(`\${p${MAX_PROPERTY_DEPTH + 5}}`, context(chain(MAX_PROPERTY_DEPTH + 5, 1))));
    expect(error.code).toBe(ErrorCodes.pomPropertyLimit);
    expect(error.message).toContain(`${MAX_PROPERTY_DEPTH} properties deep`);
    expect(interpolate(`\${p${MAX_PROPERTY_DEPTH - 1}}`, context(chain(MAX_PROPERTY_DEPTH - 1, 1))).value).toBe('x');
  });

  it('a doubling chain that loops back stays bounded', () => {
    const properties = chain(30, 2, '${p30}');
    const started = performance.now();
    expect(() => interpolate('${p30}', context(properties))).toThrow();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads a megabyte of unclosed "${" in linear time', () => {
    const text = '${'.repeat(500_000);
    const started = performance.now();
    expect(interpolate(text.slice(0, MAX_PROPERTY_LENGTH), context({})).unresolved).toEqual([]);
    expect(() => interpolate(text, context({}))).toThrow(/8192/);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
