/**
 * A message that is not JSON (issue 39): the error says where by line and column, never by V8's
 * character offset ("at position 2"), for every place a generated broken document breaks.
 */
import { describe, expect, it } from 'vitest';
import { notJsonError } from './json-errors.js';

function parseFailure(text: string): unknown {
  try {
    JSON.parse(text);
  } catch (error) {
    return error;
  }
  throw new Error(`parsed: ${text}`);
}

const DOCUMENTS = ['{ x', '{\n  "a": 1,\n  "b": tru\n}', '[1, 2,, 3]', '{"a": "b"} trailing', '\n\n\n   }', '{"a":\n\n  [1, 2\n'];

describe('notJsonError', () => {
  it.each(DOCUMENTS)('%j: line and column in the message and the fields, no position', (text) => {
    const error = notJsonError(text, parseFailure(text));
    expect(error.message).not.toMatch(/position/);
    expect(error.line).toBeGreaterThan(0);
    expect(error.column).toBeGreaterThan(0);
    expect(error.message).toContain(`line ${error.line}, column ${error.column}: `);
    // The line named is one the text has.
    expect(error.line).toBeLessThanOrEqual(text.split('\n').length);
  });

  it('the third line of a pretty-printed message is line 3', () => {
    const text = '{\n  "a": 1,\n  "b": tru\n}';
    expect(notJsonError(text, parseFailure(text)).line).toBe(3);
  });
});
