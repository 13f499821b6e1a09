// What `npm test` writes to the CI log, shaped so that every reader counts the same (issue 37):
// each runner's own summary in plain text, no foreign verdict-shaped banner, the closing line last.

/**
 * The environment of a runner that `npm test` starts: plain text. With CI set, vitest's colour
 * library colours even a pipe, so its own summary (`Tests  N passed (N)`) reached the log wrapped
 * in escape sequences that a log reader does not see as a count. NO_COLOR wins over CI in every
 * runner here (tinyrainbow, picocolors, Playwright's list reporter); FORCE_COLOR would win over it.
 */
export function plainEnv(base = process.env) {
  const env = { ...base, NO_COLOR: '1' };
  delete env.FORCE_COLOR;
  return env;
}

/** A line in pytest's closing-banner shape (`===== 2 warnings in 38.76s =====`). */
export const PYTEST_BANNER = /^=+ .* in [\d.]+s =+$/u;

/**
 * Another tool's report made safe for the log: schemathesis closes with banners in pytest's shape
 * (`===== No issues found in 6.89s =====`), which a reader that knows pytest takes as the run's
 * verdict, a run of no tests. The rules lose their equals signs; the text stays readable.
 */
export function unbannered(text) {
  return text.replace(/^=+ (.*?) =+$/gmu, '-- $1 --');
}
