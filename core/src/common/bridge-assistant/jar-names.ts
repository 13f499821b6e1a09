/**
 * Jar file names as Maven writes them (`<artifactId>-<version>[-<classifier>].jar`), and the lists
 * users paste: `ls -l` of the middleware's library folder, one path per line, or names separated
 * by commas or spaces.
 */

export interface JarName {
  /** The file name without folders, e.g. `jackson-databind-2.9.5.jar`. */
  readonly fileName: string;
  /** `jackson-databind`; the whole name without `.jar` when no version can be told apart. */
  readonly artifact: string;
  /** `2.9.5`, or undefined. */
  readonly version: string | undefined;
}

/** The last path segment of a local path, Windows or POSIX. */
export function baseName(path: string): string {
  const trimmed = path.trim().replace(/[\\/]+$/, '');
  const at = Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\'));
  return at >= 0 ? trimmed.slice(at + 1) : trimmed;
}

/** Splits a jar's file name into artifact and version: the version starts at the first `-<digit>`. */
export function parseJarName(path: string): JarName {
  const fileName = baseName(path);
  const stem = fileName.replace(/\.jar$/i, '');
  const match = /^(.+?)-(\d.*)$/.exec(stem);
  return match?.[1] !== undefined ? { fileName, artifact: match[1], version: match[2] } : { fileName, artifact: stem, version: undefined };
}

/**
 * The jar names in pasted text: every whitespace- or comma-separated word that ends in `.jar`
 * (so `ls -l` lines, paths and plain lists all work), folders dropped, each name once.
 */
export function jarNamesIn(text: string): string[] {
  const out: string[] = [];
  for (const word of text.split(/[\s,;]+/)) {
    const cleaned = word.replace(/^['"]+|['"]+$/g, '');
    if (!/\.jar$/i.test(cleaned)) continue;
    const name = baseName(cleaned);
    if (name !== '' && !out.includes(name)) out.push(name);
  }
  return out;
}
