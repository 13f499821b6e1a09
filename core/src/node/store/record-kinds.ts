/**
 * The kinds of record a fleet shares through its configuration bucket (issue 13): how each one is
 * named in the bucket, what of it is stored, and how it is read back. A record's id is the bucket
 * revision of its creation: unique fleet-wide and never reused, like SQLite's AUTOINCREMENT ids.
 *
 * A new kind (the test suites of another issue) is one more `RecordKind` in `RECORD_KINDS`: the
 * store mirrors, watches, arbitrates and chunks it like the others.
 */
import type { api } from '../../common/index.js';
import type { AlignmentRecord, ChannelRecord } from './records.js';

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
    // Absent in channels stored before chanType was kept (issue 28): the default transport.
    const chanType = o['chanType'] ?? null;
    if (chanType !== null && typeof chanType !== 'string') throw new Error('a stored channel has a chanType that is neither a string nor null');
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
      chanType,
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
export interface AdmittedChannel {
  readonly id: number;
  readonly key: string;
}

/**
 * One entry of the log that arbitrates an alignment record (issue 32): slot `n` of the alignment
 * record created at revision `alignment` either admits a channel on it or closes it (the deletion
 * that won, by its nonce). Each slot is decided once, by the bucket's create-if-absent; the slots
 * of one record, read in order, are the one history every process agrees on (NatsKvStore,
 * "Arbitrated changes").
 */
export interface SlotRecord {
  readonly id: number;
  readonly name: string;
  readonly version: string;
  readonly alignment: number;
  readonly n: number;
  readonly admit: AdmittedChannel | null;
  readonly close: string | null;
}

export const SLOT_KIND: RecordKind<SlotRecord> = {
  name: 'slot',
  identity: (s) => [s.name, s.version, String(s.alignment), String(s.n)],
  toStored: ({ id: _id, ...rest }) => rest,
  fromStored(stored, revision) {
    const o = object(stored, 'slot');
    const admitted = o['admit'];
    const close = o['close'];
    if (close !== null && typeof close !== 'string') throw new Error('a stored slot has a close that is neither a string nor null');
    let admit: AdmittedChannel | null = null;
    if (admitted !== null) {
      const a = object(admitted, 'slot admission');
      admit = { id: integer(a, 'id', 'slot admission'), key: text(a, 'key', 'slot admission') };
    }
    if ((admit === null) === (close === null)) throw new Error('a stored slot must either admit a channel or close its alignment');
    return {
      id: revision,
      name: text(o, 'name', 'slot'),
      version: text(o, 'version', 'slot'),
      alignment: integer(o, 'alignment', 'slot'),
      n: integer(o, 'n', 'slot'),
      admit,
      close,
    };
  },
};

/**
 * The decision that a record was deleted (issue 32): `gone.<the record's key>.<its revision>`, taken
 * by create-if-absent, so of racing deletions of one record exactly one takes it and answers that
 * it deleted the record; the record's own removal follows.
 */
export interface TombstoneRecord {
  readonly id: number;
  /** The deleted record's bucket key and revision. */
  readonly key: string;
  readonly revision: number;
}

export const TOMBSTONE_KIND: RecordKind<TombstoneRecord> = {
  name: 'gone',
  // The key is already made of legal tokens; its revision makes the tombstone one per record version.
  identity: (t) => [t.key, String(t.revision)],
  toStored: ({ id: _id, ...rest }) => rest,
  fromStored(stored, revision) {
    const o = object(stored, 'tombstone');
    return { id: revision, key: text(o, 'key', 'tombstone'), revision: integer(o, 'revision', 'tombstone') };
  },
};

/** Every kind the fleet shares, in no particular order. */
export const RECORD_KINDS: ReadonlyArray<RecordKind<unknown>> = [ALIGNMENT_KIND, CHANNEL_KIND, SUITE_KIND, SUITE_CASE_KIND, SLOT_KIND, TOMBSTONE_KIND];
