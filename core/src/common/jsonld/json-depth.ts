/**
 * The nesting bound of JSON (CONTRACT.md, Safety: every input is bounded in the work it can cause).
 * JSON.parse itself reads any depth, but everything after it walks the tree recursively (schema
 * validation, the JSON-LD readers, position lookups), and 100,000 levels exhaust the stack there: a
 * 500 instead of a refusal. So the depth is measured before anything recurses, in one linear scan of
 * the text; a message's fast reader instead counts the levels as it descends and scans only when it
 * must (JsonDocument.assertDepth), which spares every message the scan.
 */
import { ErrorCodes, ParseError } from '../errors.js';

/** Deepest nesting of arrays and objects accepted in a JSON body or message. */
export const MAX_JSON_DEPTH = 512;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/**
 * How deep `text` nests, stopping as soon as it passes `limit` (then `limit + 1`). Brackets inside
 * strings do not count. Malformed JSON is measured as far as it goes; JSON.parse reports it after.
 */
export function jsonDepth(text: string, limit: number = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Skip the string: to the next quote not escaped by an odd run of backslashes.
      for (i++; i < n; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return deepest;
}

/** Throws NESTING_LIMIT when `text` nests deeper than `limit`; `what` names the input in the message. */
export function assertJsonDepth(text: string, what: string, limit: number = MAX_JSON_DEPTH): void {
  if (jsonDepth(text, limit) > limit) {
    throw new ParseError(`${what} is nested deeper than ${limit} levels (the limit for JSON nesting)`, { code: ErrorCodes.nestingLimit });
  }
}
