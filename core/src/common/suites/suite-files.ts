/**
 * A suite as a folder of files (issue 12, part 1), so it can live in a user's own git repository:
 * one folder per case holding `case.json` (name, chain, expected per-step counts, and the names of
 * the two other files), the input message and the expected payload as N-Triples. Pure: the files
 * are (relative path, text) pairs; core/node reads and writes them on disk, the REST API sends them.
 */
import { Type, type Static } from 'typebox';
// typebox/schema, not typebox/value: the same errors, and about 80 ms less to load at server start.
import { Compile, Errors, type Validator } from 'typebox/schema';
import type { TestCase } from '../api/suites.js';
import { ErrorCodes, ParseError } from '../errors.js';
import { notJsonError } from '../jsonld/json-errors.js';

export const CASE_FILE = 'case.json';
export const MESSAGE_FILE = 'input.json';
export const EXPECTED_FILE = 'expected-payload.nt';

export interface SuiteFile {
  /** Relative to the suite folder, `/`-separated. */
  readonly path: string;
  readonly content: string;
}

// Inline (no $ref) so it checks on its own; the same fields as api.TestCase, files named instead of inlined.
const CaseFile = Type.Object({
  name: Type.String({ minLength: 1 }),
  alignments: Type.Array(Type.Object({ name: Type.String(), version: Type.String() })),
  message: Type.Optional(Type.String({ minLength: 1 })),
  expectedPayload: Type.Optional(Type.String({ minLength: 1 })),
  expectedSteps: Type.Optional(
    Type.Array(
      Type.Object({
        alignment: Type.String(),
        step: Type.Integer({ minimum: 1 }),
        cellId: Type.String(),
        triplesBefore: Type.Integer({ minimum: 0 }),
        triplesAfter: Type.Integer({ minimum: 0 }),
        deleted: Type.Integer({ minimum: 0 }),
        inserted: Type.Integer({ minimum: 0 }),
      }),
    ),
  ),
});
type CaseFile = Static<typeof CaseFile>;

/**
 * The compiled check, made at the first case file: `Errors` walks the schema collecting every
 * error with its path, about 0.2 ms per file, a fifth of a 1,000-case `mediator test`'s wall time
 * when every file is valid; the compiled check is a few microseconds, and `Errors` still words the
 * message when it fails.
 */
let caseFileValidator: Validator<typeof CaseFile> | undefined;

/** A folder name for a case: its name with characters that are unsafe in file names replaced. */
export function caseFolder(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are unsafe in file names
  const safe = name.replace(/[<>:"/\\|?*\u0000-\u001f]/g, '_').replace(/^\.+/, '_');
  return safe === '' ? '_' : safe;
}

export function suiteToFiles(cases: readonly TestCase[]): SuiteFile[] {
  const files: SuiteFile[] = [];
  const used = new Set<string>();
  for (const c of cases) {
    let folder = caseFolder(c.name);
    for (let n = 2; used.has(folder); n++) folder = `${caseFolder(c.name)}-${n}`;
    used.add(folder);
    const description: CaseFile = {
      name: c.name,
      alignments: c.alignments.map((a) => ({ name: a.name, version: a.version })),
      message: MESSAGE_FILE,
      expectedPayload: EXPECTED_FILE,
      ...(c.expectedSteps === undefined ? {} : { expectedSteps: c.expectedSteps }),
    };
    files.push({ path: `${folder}/${CASE_FILE}`, content: `${JSON.stringify(description, null, 2)}\n` });
    files.push({ path: `${folder}/${MESSAGE_FILE}`, content: c.message });
    files.push({ path: `${folder}/${EXPECTED_FILE}`, content: c.expectedPayload });
  }
  return files;
}

function parseCaseFile(path: string, text: string): CaseFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const e = notJsonError(text, error);
    throw new ParseError(e.message.replace(/^Message is not JSON/, 'not JSON'), {
      code: ErrorCodes.parse,
      source: path,
      ...(e.line === undefined ? {} : { line: e.line }),
      ...(e.column === undefined ? {} : { column: e.column }),
    });
  }
  if ((caseFileValidator ??= Compile(CaseFile)).Check(json)) return json;
  const [, errors] = Errors(CaseFile, json);
  const first = errors[0];
  if (first !== undefined) {
    throw new ParseError(`${first.instancePath === '' ? 'the document' : first.instancePath} ${first.message}`, { code: ErrorCodes.parse, source: path });
  }
  return json as CaseFile;
}

/**
 * The cases of a suite folder, in folder-name order: every `<folder>/case.json` names its message and
 * expected-payload files (default `input.json`, `expected-payload.nt`) in the same folder. ParseError
 * naming the file (and line and column for bad JSON) for a broken case; duplicate names are refused.
 */
export function suiteFromFiles(files: readonly SuiteFile[]): TestCase[] {
  const byPath = new Map(files.map((f) => [f.path.replace(/\\/g, '/').replace(/^\.\//, ''), f.content]));
  const caseFiles = [...byPath.keys()].filter((p) => p === CASE_FILE || p.endsWith(`/${CASE_FILE}`)).sort();
  const cases: TestCase[] = [];
  const names = new Map<string, string>();
  for (const path of caseFiles) {
    const description = parseCaseFile(path, byPath.get(path) ?? '');
    const folder = path.slice(0, path.length - CASE_FILE.length);
    const read = (file: string, field: string): string => {
      if (file.includes('..') || file.startsWith('/'))
        throw new ParseError(`/${field} must name a file inside the case folder`, { code: ErrorCodes.parse, source: path });
      const content = byPath.get(`${folder}${file}`);
      if (content === undefined) throw new ParseError(`/${field} names ${folder}${file}, which is not there`, { code: ErrorCodes.parse, source: path });
      return content;
    };
    const other = names.get(description.name);
    if (other !== undefined) throw new ParseError(`case name "${description.name}" is also used by ${other}`, { code: ErrorCodes.parse, source: path });
    names.set(description.name, path);
    cases.push({
      name: description.name,
      alignments: description.alignments,
      message: read(description.message ?? MESSAGE_FILE, 'message'),
      expectedPayload: read(description.expectedPayload ?? EXPECTED_FILE, 'expectedPayload'),
      ...(description.expectedSteps === undefined ? {} : { expectedSteps: description.expectedSteps }),
    });
  }
  return cases;
}
