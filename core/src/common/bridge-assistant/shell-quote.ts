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

/** A command line from its words (a word given as `{ path }` is quoted with shellPath). */
export function shellCommand(words: ReadonlyArray<string | { readonly path: string }>): string {
  return words.map((w) => (typeof w === 'string' ? shellQuote(w) : shellPath(w.path))).join(' ');
}

/**
 * A local path as one shell word: quoted like any word, except that a leading `~/` or `~user/`
 * stays unquoted, so the shell still expands it to the home folder the user meant.
 */
export function shellPath(path: string): string {
  const home = /^~[A-Za-z0-9_.-]*\//.exec(path)?.[0];
  if (home === undefined) return shellQuote(path);
  const rest = path.slice(home.length);
  return rest === '' ? home : `${home}${shellQuote(rest)}`;
}
