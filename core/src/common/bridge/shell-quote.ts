/**
 * POSIX shell quoting for generated commands. Hand-written on purpose: it is one rule (wrap in
 * single quotes, and write a single quote as '\''), and the npm packages for it either escape with
 * backslashes (harder to read in a copied command) or parse as well, which is not needed here.
 */

/** Characters that never need quoting in a POSIX shell word. */
const SAFE = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One shell word that stands for exactly `value`. */
export function shellQuote(value: string): string {
  if (value !== '' && SAFE.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A command line from its words. */
export function shellCommand(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
