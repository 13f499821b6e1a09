/**
 * Where alignment test suites are kept (issue 12), seen by the suite service: the SQLite tables of a
 * single machine (suite-tables.ts) or, in a fleet, the shared JetStream bucket (fleet/fleet-suites.ts,
 * issue 13). Reads are synchronous (both keep what they serve at hand); writes may be asynchronous.
 * Errors: NotFoundError for an unknown suite, ConflictError for a name already taken.
 */
import type { api } from '../../common/index.js';

export interface SuiteStore {
  /** Every suite with its number of cases, by name. */
  list(): api.SuiteInfo[];
  /** The suite with its cases in the order they were saved. */
  get(name: string): api.Suite;
  create(name: string): api.SuiteInfo | Promise<api.SuiteInfo>;
  /** Saves cases into an existing suite; a case whose name is taken is a conflict unless `replace`. */
  add(suite: string, cases: readonly api.TestCase[], replace?: boolean): void | Promise<void>;
  /** Deletes the suite and its cases; false when there was no such suite. */
  delete(name: string): boolean | Promise<boolean>;
  /** False when the suite has no such case. */
  deleteCase(suite: string, name: string): boolean | Promise<boolean>;
}
