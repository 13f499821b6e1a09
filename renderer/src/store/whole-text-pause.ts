/** Texts up to this many characters get a pass's base delay (a 200-cell alignment is 238 K). */
const SMALL_TEXT = 256 * 1024;

/**
 * How long to wait after the last edit before a pass over the whole text on the page's thread (the
 * well-formedness check, keeping the session): its base delay up to 256 Ki characters, then longer
 * in proportion to the text, at most `maxMs`. On a 2,000-cell alignment (2.4 MB) each such pass
 * took 45-85 ms, and at the base delays they ran between keystrokes, so typing stalled on them
 * (issue 42). The well-formedness check waits for a pause that long; the session is kept at most
 * that often.
 */
export function pauseBeforeWholeText(length: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, Math.max(baseMs, Math.round((baseMs * length) / SMALL_TEXT)));
}
