/**
 * Compiling ahead the validators of chosen routes (issue 27: the translation routes at start, so
 * the first translation does not pay for Ajv): only the routes picked compile, each once, and a
 * validator compiled ahead validates as one compiled on first use.
 */
import { describe, expect, it } from 'vitest';
import { lazySchemaCompilers } from './lazy-schema-compilers.js';

interface Builders {
  buildValidator: (external: unknown, options: unknown) => (route: unknown) => (data: unknown) => unknown;
}

const body = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] };

describe('lazySchemaCompilers().compileMatching', () => {
  it('compiles the validators of the picked routes only, once', () => {
    const compilers = lazySchemaCompilers();
    const build = (compilers.compilersFactory as unknown as Builders).buildValidator({}, { customOptions: {} });
    const translation = build({ schema: body, method: 'POST', url: '/translation', httpPart: 'body' });
    build({ schema: body, method: 'POST', url: '/alignments', httpPart: 'body' });
    expect(compilers.pendingCount).toBe(2);
    expect(compilers.compileMatching((r) => r.method === 'POST' && r.url === '/translation')).toBe(1);
    expect(compilers.pendingCount).toBe(1);
    expect(compilers.compileMatching((r) => r.url === '/translation')).toBe(0);
    expect(translation({ n: 1 })).toBe(true);
    expect(translation({ n: 'one' })).toBe(false);
    expect(compilers.compilePending()).toBe(1);
  });
});
