/** A message's text as JSON: parsed once, its numbers marked only when a reader needs them. */
import { ErrorCodes, ParseError } from '../errors.js';
import { markNumbers, type JsonNumbers } from './json-numbers.js';
import { notJsonError } from './json-errors.js';
import { assertJsonDepth } from './json-depth.js';

/**
 * A message text parsed by JSON.parse as it stands, and, on first demand, with its number tokens
 * as markers (json-numbers.ts). Numbers never reach an RDF term from the plain parse: the fast
 * parser asks for the marked form when it meets one, and jsonld.js always gets the marked form.
 * Most messages have no JSON numbers, and so never pay for the scan.
 */
export class JsonDocument {
  private marked: { doc: object; numbers: JsonNumbers | undefined } | undefined;
  private depthChecked = false;

  constructor(
    readonly text: string,
    readonly plain: object,
  ) {}

  withNumbers(): { doc: object; numbers: JsonNumbers | undefined } {
    return (this.marked ??= markNumbers(this.text, this.plain));
  }

  /**
   * Throws NESTING_LIMIT when the text nests deeper than MAX_JSON_DEPTH. Whoever walks the tree
   * recursively calls it first, unless it bounds its own recursion: the fast reader counts the
   * levels it descends and calls this only when it passes the limit or leaves a value unvisited,
   * which spares the common message a scan of its text.
   */
  assertDepth(): void {
    if (this.depthChecked) return;
    assertJsonDepth(this.text, 'The message');
    this.depthChecked = true;
  }
}

/** JSON.parse with the mediator's errors; the result is an object or an array. */
export function readJson(text: string): JsonDocument {
  // JSON.parse itself reads any depth without recursing (V8 parses iteratively); the readers
  // after it check the depth before they recurse (JsonDocument.assertDepth).
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    // Too deep and not JSON: the depth is the error reported, as when it was checked first.
    assertJsonDepth(text, 'The message');
    throw notJsonError(text, error);
  }
  if (typeof doc !== 'object' || doc === null) {
    throw new ParseError(`Message is JSON but not JSON-LD: the top level is ${doc === null ? 'null' : typeof doc}, not an object or array`, {
      code: ErrorCodes.messageInvalidJsonLd,
    });
  }
  return new JsonDocument(text, doc);
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
