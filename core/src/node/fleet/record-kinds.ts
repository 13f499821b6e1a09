/**
 * The kinds of record a fleet shares through its configuration bucket (issue 13): how each one is
 * named in the bucket, what of it is stored, and how it is read back. A record's id is the bucket
 * revision of its creation: unique fleet-wide and never reused, like SQLite's AUTOINCREMENT ids.
 *
 * A new kind (the test suites of another issue) is one more `RecordKind` in `RECORD_KINDS`: the
 * store mirrors, watches, arbitrates and chunks it like the others.
 */
import type { api } from '../../common/index.js';
import type { AlignmentRecord, ChannelRecord } from '../store/sqlite-store.js';

export interface RecordKind<T> {
  /** The first token of its bucket keys: lower-case letters only. */
  readonly name: string;
  /** What makes a record unique fleet-wide; becomes the rest of its key. */
  identity(record: T): readonly string[];
  /** The stored JSON object (without the id, which is the revision). */
  toStored(record: T): Record<string, unknown>;
  /** The record from its stored JSON and revision; throws on a value it cannot read. */
  fromStored(stored: unknown, revision: number): T;
}

function object(stored: unknown, kind: string): Record<string, unknown> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) throw new Error(`a stored ${kind} is not a JSON object`);
  return stored as Record<string, unknown>;
}

function text(o: Record<string, unknown>, field: string, kind: string): string {
  const v = o[field];
  if (typeof v !== 'string') throw new Error(`a stored ${kind} has no string "${field}"`);
  return v;
}

function integer(o: Record<string, unknown>, field: string, kind: string): number {
  const v = o[field];
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new Error(`a stored ${kind} has no integer "${field}"`);
  return v;
}

export const ALIGNMENT_KIND: RecordKind<AlignmentRecord> = {
  name: 'alignment',
  identity: (a) => [a.name, a.version],
  toStored: ({ id: _id, ...rest }) => rest,
  fromStored(stored, revision) {
    const o = object(stored, 'alignment');
    const t = (f: string): string => text(o, f, 'alignment');
    return {
      id: revision,
      name: t('name'),
      version: t('version'),
      creator: t('creator'),
      description: t('description'),
      sourceOntologyURI: t('sourceOntologyURI'),
      targetOntologyURI: t('targetOntologyURI'),
      date: integer(o, 'date', 'alignment'),
      // The uploaded document exactly as received: GET /alignments/{name}/{version} returns it.
      xml: t('xml'),
      fingerprint: t('fingerprint'),
    };
  },
};

export const CHANNEL_KIND: RecordKind<ChannelRecord> = {
  name: 'channel',
  // One channel per source and sink, fleet-wide: two processes creating the same one race on this key.
  identity: (c) => [c.source, c.sink],
  toStored: ({ id: _id, ...rest }) => rest,
  fromStored(stored, revision) {
    const o = object(stored, 'channel');
    const t = (f: string): string => text(o, f, 'channel');
    const dead = o['deadLetterTopic'];
    if (dead !== null && typeof dead !== 'string') throw new Error('a stored channel has a deadLetterTopic that is neither a string nor null');
    return {
      id: revision,
      uuid: t('uuid'),
      source: t('source'),
      sink: t('sink'),
      inpAlignmentName: t('inpAlignmentName'),
      inpAlignmentVersion: t('inpAlignmentVersion'),
      outAlignmentName: t('outAlignmentName'),
      outAlignmentVersion: t('outAlignmentVersion'),
      consumerGroup: t('consumerGroup'),
      parallelism: integer(o, 'parallelism', 'channel'),
      deadLetterTopic: dead,
      createdAt: integer(o, 'createdAt', 'channel'),
    };
  },
};

/** An alignment test suite (issue 12) without its cases, which are records of their own. */
export interface SuiteRecord {
  readonly id: number;
  readonly name: string;
  readonly createdAt: number;
}

export const SUITE_KIND: RecordKind<SuiteRecord> = {
  name: 'suite',
  identity: (s) => [s.name],
  toStored: ({ id: _id, ...rest }) => rest,
  fromStored(stored, revision) {
    const o = object(stored, 'suite');
    return { id: revision, name: text(o, 'name', 'suite'), createdAt: integer(o, 'createdAt', 'suite') };
  },
};

/** One test case of a suite: its own record, so processes adding cases to one suite never collide. */
export interface SuiteCaseRecord {
  readonly id: number;
  readonly suite: string;
  readonly testCase: api.TestCase;
  readonly createdAt: number;
}

export const SUITE_CASE_KIND: RecordKind<SuiteCaseRecord> = {
  name: 'suitecase',
  identity: (c) => [c.suite, c.testCase.name],
  toStored: ({ id: _id, ...rest }) => rest,
  fromStored(stored, revision) {
    const o = object(stored, 'test case');
    const testCase = object(o['testCase'], 'test case');
    const t = (f: string): string => text(testCase, f, 'test case');
    if (!Array.isArray(testCase['alignments'])) throw new Error('a stored test case has no "alignments" list');
    const steps = testCase['expectedSteps'];
    if (steps !== undefined && !Array.isArray(steps)) throw new Error('a stored test case has "expectedSteps" that is not a list');
    return {
      id: revision,
      suite: text(o, 'suite', 'test case'),
      createdAt: integer(o, 'createdAt', 'test case'),
      // Written by this code from a TestCase the API had validated; the shape checks above catch a foreign value.
      testCase: {
        name: t('name'),
        alignments: testCase['alignments'] as api.AlignmentId[],
        message: t('message'),
        expectedPayload: t('expectedPayload'),
        ...(steps === undefined ? {} : { expectedSteps: steps as api.StepCounts[] }),
      },
    };
  },
};

/** A channel admitted on an alignment: its creation revision (its id) and its bucket key. */
export interface UsageEntry {
  readonly id: number;
  readonly key: string;
}

/**
 * The arbiter of one alignment name and version (issue 32): the record that a channel creation on
 * the alignment and the alignment's deletion both change, each conditioned on the revision it read,
 * so exactly one of two racing changes wins (see NatsKvStore, "Arbitrated changes").
 * `alignment` is the creation revision of the alignment record it is about; `closedBy` the nonce of
 * the deletion that won (the alignment is deleted from then on, even while its record lingers).
 */
export interface UsageRecord {
  readonly id: number;
  readonly name: string;
  readonly version: string;
  readonly alignment: number;
  readonly channels: readonly UsageEntry[];
  readonly closedBy: string | null;
}

export const USAGE_KIND: RecordKind<UsageRecord> = {
  name: 'usage',
  identity: (u) => [u.name, u.version],
  toStored: ({ id: _id, ...rest }) => rest,
  fromStored(stored, revision) {
    const o = object(stored, 'usage');
    const list = o['channels'];
    if (!Array.isArray(list)) throw new Error('a stored usage has no "channels" list');
    const channels = list.map((c: unknown) => {
      const entry = object(c, 'usage entry');
      return { id: integer(entry, 'id', 'usage entry'), key: text(entry, 'key', 'usage entry') };
    });
    const closedBy = o['closedBy'];
    if (closedBy !== null && typeof closedBy !== 'string') throw new Error('a stored usage has a closedBy that is neither a string nor null');
    return {
      id: revision,
      name: text(o, 'name', 'usage'),
      version: text(o, 'version', 'usage'),
      alignment: integer(o, 'alignment', 'usage'),
      channels,
      closedBy,
    };
  },
};

/** Every kind the fleet shares, in no particular order. */
export const RECORD_KINDS: ReadonlyArray<RecordKind<unknown>> = [ALIGNMENT_KIND, CHANNEL_KIND, SUITE_KIND, SUITE_CASE_KIND, USAGE_KIND];
