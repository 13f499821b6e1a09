/**
 * Alignment test suites shared by a fleet (issue 13: "alignments, channel configurations and the new
 * test suites are kept in JetStream key-value buckets"). A suite and each of its cases are records
 * of the shared configuration bucket, so they are mirrored, watched, arbitrated and chunked like
 * alignments: a suite created on one process is listed by every process, a second creation of the
 * same name anywhere is a conflict, and a deleted suite is gone everywhere.
 *
 * Cases are separate records (not a field of their suite) so two processes saving cases into one
 * suite at the same time cannot overwrite each other's.
 */
import { ConflictError, NotFoundError, type api } from '../../common/index.js';
import type { NatsKvStore } from '../store/nats-kv-store.js';
import type { SuiteStore } from '../store/suite-store.js';
import { SUITE_CASE_KIND, SUITE_KIND, type SuiteCaseRecord, type SuiteRecord } from '../store/record-kinds.js';

function suiteNotFound(name: string): NotFoundError {
  return new NotFoundError(`Suite "${name}" not found`);
}

export class FleetSuites implements SuiteStore {
  constructor(private readonly store: NatsKvStore) {}

  list(): api.SuiteInfo[] {
    const cases = this.store.records(SUITE_CASE_KIND);
    return this.store
      .records(SUITE_KIND)
      .map((s) => ({ name: s.name, createdAt: s.createdAt, caseCount: cases.filter((c) => c.suite === s.name).length }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  get(name: string): api.Suite {
    const suite = this.#suite(name);
    if (suite === undefined) throw suiteNotFound(name);
    return { name: suite.name, createdAt: suite.createdAt, cases: this.#cases(name).map((c) => c.testCase) };
  }

  async create(name: string): Promise<api.SuiteInfo> {
    const { record, created } = await this.store.create(SUITE_KIND, { id: 0, name, createdAt: Date.now() });
    if (!created) throw new ConflictError(`Suite "${name}" already exists`);
    return { name: record.name, caseCount: 0, createdAt: record.createdAt };
  }

  async add(suite: string, cases: readonly api.TestCase[], replace = false): Promise<void> {
    if (this.#suite(suite) === undefined) throw suiteNotFound(suite);
    for (const testCase of cases) {
      const record: SuiteCaseRecord = { id: 0, suite, testCase, createdAt: Date.now() };
      let result = await this.store.create(SUITE_CASE_KIND, record);
      if (!result.created && replace) {
        // Replace = delete then create: another process may win the re-creation, and then its case stands.
        await this.store.remove(SUITE_CASE_KIND, result.record);
        result = await this.store.create(SUITE_CASE_KIND, record);
      }
      if (!result.created) throw new ConflictError(`Suite "${suite}" already has a case named "${testCase.name}"`);
    }
  }

  async delete(name: string): Promise<boolean> {
    const suite = this.#suite(name);
    if (suite === undefined) return false;
    // The suite first, so no process lists a suite whose cases are half gone; then its cases.
    const deleted = await this.store.remove(SUITE_KIND, suite);
    for (const c of this.#cases(name)) await this.store.remove(SUITE_CASE_KIND, c);
    return deleted;
  }

  async deleteCase(suite: string, name: string): Promise<boolean> {
    if (this.#suite(suite) === undefined) throw suiteNotFound(suite);
    const record = this.#cases(suite).find((c) => c.testCase.name === name);
    return record === undefined ? false : this.store.remove(SUITE_CASE_KIND, record);
  }

  #suite(name: string): SuiteRecord | undefined {
    return this.store.records(SUITE_KIND).find((s) => s.name === name);
  }

  /** The suite's cases in creation order (the records' ids are their creation revisions). */
  #cases(suite: string): SuiteCaseRecord[] {
    return this.store.records(SUITE_CASE_KIND).filter((c) => c.suite === suite);
  }
}
