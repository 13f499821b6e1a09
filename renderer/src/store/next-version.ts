/**
 * Saving an edit of a stored alignment: the server keeps each (name, version) once and answers 409
 * to different content under the same pair, so an edit is stored as a new version. Pure helpers.
 */

/**
 * The version to suggest after `version`: the last number goes up when there are three or more
 * parts (1.0.1 -> 1.0.2), else a patch part is added (1.0 -> 1.0.1, 3 -> 3.1); a version taken
 * already is skipped, so the suggestion is always free.
 */
export function nextVersion(version: string, taken: readonly string[]): string {
  const used = new Set(taken);
  const match = /^(.*?)(\d+)$/.exec(version);
  const parts = version.split('.');
  let candidate: string;
  let bump: (v: string) => string;
  if (match !== null && parts.length >= 3) {
    const prefix = match[1] ?? '';
    let n = Number(match[2]);
    bump = () => `${prefix}${++n}`;
  } else {
    let n = 0;
    bump = () => `${version}.${++n}`;
  }
  do candidate = bump(version);
  while (used.has(candidate));
  return candidate;
}

const ELEMENT = /(<exmo:version\b[^>]*>)([^<]*)(<\/exmo:version>)/;
const ATTRIBUTE = /(\bexmo:version\s*=\s*")([^"]*)(")/;

/** The document with its `exmo:version` set to `version`, or undefined when it declares none. */
export function withDocumentVersion(xml: string, version: string): string | undefined {
  for (const pattern of [ELEMENT, ATTRIBUTE]) {
    if (pattern.test(xml)) return xml.replace(pattern, (_all, open: string, _old: string, close: string) => `${open}${version}${close}`);
  }
  return undefined;
}
