import { describe, expect, it } from 'vitest';
import { ErrorCodes, ParseError } from '../errors.js';
import { MAX_YAML_ALIAS_VALUES, MAX_YAML_DEPTH, readYamlTree } from './yaml-tree.js';

/** A "billion laughs" document: `levels` anchors, each a sequence of `width` aliases of the one before. */
function laughs(levels: number, width: number): string {
  const lines = ['a0: &a0 "lol"'];
  for (let i = 1; i <= levels; i++) lines.push(`a${i}: &a${i} [${Array.from({ length: width }, () => `*a${i - 1}`).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}

function refusal(run: () => unknown): ParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('readYamlTree bounds', () => {
  it('expands a few aliases as before (merge keys included)', () => {
    const tree = readYamlTree('base: &b {x: 1}\nuse: {<<: *b, y: 2}\nlist: [*b, *b]\n', 'doc');
    expect(tree.root).toEqual({ base: { x: 1 }, use: { x: 1, y: 2 }, list: [{ x: 1 }, { x: 1 }] });
  });

  it.each([
    [9, 10],
    [30, 2],
    [4, 1000],
  ])('refuses a billion-laughs document of %i levels of %i aliases quickly, naming the limit', (levels, width) => {
    const started = performance.now();
    const error = refusal(() => readYamlTree(laughs(levels, width), 'bomb.yaml'));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(error.code).toBe(ErrorCodes.yamlAliasLimit);
    expect(error.message).toContain(String(MAX_YAML_ALIAS_VALUES));
    expect(error.line).toBeGreaterThan(0);
  });

  it('resolves many aliases in linear time (the yaml package scans every anchor per alias)', () => {
    const n = 20_000;
    const text = Array.from({ length: n }, (_, i) => `- &a${i} x${i}\n- *a${i}\n`).join('');
    const started = performance.now();
    const tree = readYamlTree(text, 'many.yaml');
    expect(performance.now() - started).toBeLessThan(3000);
    expect((tree.root as unknown[]).length).toBe(2 * n);
  });

  it.each([MAX_YAML_DEPTH + 1, 100_000])('refuses nesting of %i levels (flow and JSON) with NESTING_LIMIT', (depth) => {
    for (const text of ['['.repeat(depth) + ']'.repeat(depth), `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`]) {
      const error = refusal(() => readYamlTree(text, 'deep'));
      expect([ErrorCodes.nestingLimit, ErrorCodes.apiDocumentInvalid]).toContain(error.code);
    }
    const block = Array.from({ length: Math.min(depth, 2000) }, (_, i) => `${' '.repeat(i)}a:`).join('\n') + ' 1\n';
    // Past a few thousand levels the yaml package stops on its own (a positioned syntax error).
    expect([ErrorCodes.nestingLimit, ErrorCodes.apiDocumentInvalid]).toContain(refusal(() => readYamlTree(block, 'deep')).code);
    const shallow = `${'['.repeat(MAX_YAML_DEPTH - 1)}${']'.repeat(MAX_YAML_DEPTH - 1)}`;
    expect(readYamlTree(shallow, 'ok').root).toBeDefined();
  });
});
