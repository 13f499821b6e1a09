/**
 * Alignment test suites in the store (issue 12, part 1): kept with the alignments in the same SQLite
 * file, with the same guarantees (WAL, synchronous=FULL, one IMMEDIATE transaction per write), so a
 * saved case survives a restart and kill -9. Cases name their alignments by name and version, with
 * no foreign key: a suite outlives the versions it was recorded with (that is what a re-run
 * against a newer version is for).
 */
import type Database from 'better-sqlite3';
import type { SuiteStore } from './suite-store.js';
// The error classes alone, not the common index: the store (and the crash test's child process,
// which runs it without a bundler) need not load the whole engine.
import { ConflictError, NotFoundError } from '../../common/errors.js';
import type { api } from '../../common/index.js';

type Db = Database.Database;

/** Migration 3 of sqlite-store.ts: the suite and suite_case tables. */
export function createSuiteTables(db: Db): void {
  db.exec(`
    CREATE TABLE suite (
      id         INTEGER PRIMARY KEY AUTOINCREMENT,
      name       TEXT    NOT NULL UNIQUE,
      created_at INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE suite_case (
      id               INTEGER PRIMARY KEY AUTOINCREMENT,
      suite_id         INTEGER NOT NULL REFERENCES suite (id) ON DELETE CASCADE,
      name             TEXT    NOT NULL,
      alignments       TEXT    NOT NULL,
      message          TEXT    NOT NULL,
      expected_payload TEXT    NOT NULL,
      expected_steps   TEXT,
      created_at       INTEGER NOT NULL,
      CONSTRAINT suite_case_identity UNIQUE (suite_id, name)
    ) STRICT;
  `);
}

interface SuiteRow {
  id: number;
  name: string;
  created_at: number;
  case_count: number;
}

interface CaseRow {
  name: string;
  alignments: string;
  message: string;
  expected_payload: string;
  expected_steps: string | null;
}

function toCase(row: CaseRow): api.TestCase {
  return {
    name: row.name,
    alignments: JSON.parse(row.alignments) as api.AlignmentId[],
    message: row.message,
    expectedPayload: row.expected_payload,
    ...(row.expected_steps === null ? {} : { expectedSteps: JSON.parse(row.expected_steps) as api.StepCounts[] }),
  };
}

function suiteNotFound(name: string): NotFoundError {
  return new NotFoundError(`Suite "${name}" not found`);
}

export class SuiteTables implements SuiteStore {
  private readonly stmts;
  private readonly addCases: (suite: string, cases: readonly api.TestCase[], replace: boolean) => void;
  private readonly removeSuite: (name: string) => boolean;

  constructor(
    db: Db,
    /** The store's wrapper: unexpected SQLite failures become INTERNAL errors naming the file. */
    private readonly run: <T>(what: string, operation: () => T) => T,
  ) {
    const s = {
      list: db.prepare<[], SuiteRow>(
        'SELECT s.id, s.name, s.created_at, (SELECT COUNT(*) FROM suite_case c WHERE c.suite_id = s.id) AS case_count FROM suite s ORDER BY s.name',
      ),
      get: db.prepare<[string], SuiteRow>(
        'SELECT s.id, s.name, s.created_at, (SELECT COUNT(*) FROM suite_case c WHERE c.suite_id = s.id) AS case_count FROM suite s WHERE s.name = ?',
      ),
      insert: db.prepare<[string, number], never>('INSERT INTO suite (name, created_at) VALUES (?, ?)'),
      delete: db.prepare<[string], never>('DELETE FROM suite WHERE name = ?'),
      cases: db.prepare<[number], CaseRow>('SELECT name, alignments, message, expected_payload, expected_steps FROM suite_case WHERE suite_id = ? ORDER BY id'),
      getCase: db.prepare<[number, string], CaseRow>(
        'SELECT name, alignments, message, expected_payload, expected_steps FROM suite_case WHERE suite_id = ? AND name = ?',
      ),
      insertCase: db.prepare<[number, string, string, string, string, string | null, number], never>(
        'INSERT INTO suite_case (suite_id, name, alignments, message, expected_payload, expected_steps, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      deleteCase: db.prepare<[number, string], never>('DELETE FROM suite_case WHERE suite_id = ? AND name = ?'),
    };
    this.stmts = s;
    const addCases = db.transaction((suite: string, cases: readonly api.TestCase[], replace: boolean) => {
      const row = s.get.get(suite);
      if (row === undefined) throw suiteNotFound(suite);
      for (const c of cases) {
        if (s.getCase.get(row.id, c.name) !== undefined) {
          if (!replace) throw new ConflictError(`Suite "${suite}" already has a case named "${c.name}"`);
          s.deleteCase.run(row.id, c.name);
        }
        s.insertCase.run(
          row.id,
          c.name,
          JSON.stringify(c.alignments.map((a) => ({ name: a.name, version: a.version }))),
          c.message,
          c.expectedPayload,
          c.expectedSteps === undefined ? null : JSON.stringify(c.expectedSteps),
          Date.now(),
        );
      }
    });
    this.addCases = (suite, cases, replace) => addCases.immediate(suite, cases, replace);
    const removeSuite = db.transaction((name: string) => s.delete.run(name).changes > 0);
    this.removeSuite = (name) => removeSuite.immediate(name);
  }

  list(): api.SuiteInfo[] {
    return this.run('listing suites', () => this.stmts.list.all().map((r) => ({ name: r.name, caseCount: r.case_count, createdAt: r.created_at })));
  }

  /** The suite with its cases in the order they were added; NotFoundError when absent. */
  get(name: string): api.Suite {
    return this.run('reading a suite', () => {
      const row = this.stmts.get.get(name);
      if (row === undefined) throw suiteNotFound(name);
      return { name: row.name, createdAt: row.created_at, cases: this.stmts.cases.all(row.id).map(toCase) };
    });
  }

  /** Creates an empty suite; ConflictError when the name is taken. */
  create(name: string): api.SuiteInfo {
    return this.run('creating a suite', () => {
      if (this.stmts.get.get(name) !== undefined) throw new ConflictError(`Suite "${name}" already exists`);
      const createdAt = Date.now();
      this.stmts.insert.run(name, createdAt);
      return { name, caseCount: 0, createdAt };
    });
  }

  /** Adds cases in one transaction: all or none. `replace` overwrites cases of the same name, else ConflictError. */
  add(suite: string, cases: readonly api.TestCase[], replace = false): void {
    this.run('saving test cases', () => this.addCases(suite, cases, replace));
  }

  delete(name: string): boolean {
    return this.run('deleting a suite', () => this.removeSuite(name));
  }

  deleteCase(suite: string, name: string): boolean {
    return this.run('deleting a test case', () => {
      const row = this.stmts.get.get(suite);
      if (row === undefined) throw suiteNotFound(suite);
      return this.stmts.deleteCase.run(row.id, name).changes > 0;
    });
  }
}
