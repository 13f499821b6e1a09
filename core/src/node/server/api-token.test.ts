import { describe, expect, it } from 'vitest';
import { parseArgs } from 'node:util';
import { generateToken } from './api-token.js';

describe('generated API tokens', () => {
  it('are 256-bit base64url and never start with "-", so `--token TOKEN` always parses', () => {
    // 4,000 tokens: a token starting with "-" (one in 64 without the redraw) is all but certain to appear.
    for (let i = 0; i < 4000; i++) {
      const token = generateToken();
      expect(token).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{42}$/);
      expect(parseArgs({ args: ['--token', token], options: { token: { type: 'string' } } }).values.token).toBe(token);
    }
  });

  it('a token starting with "-" would not parse after --token (why the redraw)', () => {
    expect(() => parseArgs({ args: ['--token', '-abc'], options: { token: { type: 'string' } } })).toThrow(/ERR_PARSE_ARGS|ambiguous|option/i);
  });
});
