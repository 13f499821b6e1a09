/**
 * The bridge assistant's progress table on a real SQLite file: upsert, order, delete, kept across a
 * reopen, and added to a store written before the table existed (schema version 1) without
 * touching its alignments.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore, STORE_SCHEMA_VERSION } from './index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mediator-bridge-progress-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('bridge progress table', () => {
  it('saves, replaces, lists newest first, deletes, and keeps rows across a reopen', () => {
    const file = path.join(dir, 'mediator.db');
    let store = SqliteStore.open({ file });
    store.bridgeProgress.put('a', '{"currentStep":1,"steps":{}}', 1000);
    store.bridgeProgress.put('b', '{"currentStep":2,"steps":{}}', 2000);
    store.bridgeProgress.put('a', '{"currentStep":3,"steps":{}}', 3000);
    expect(store.bridgeProgress.list().map((r) => [r.bridgeId, r.updatedAt])).toEqual([
      ['a', 3000],
      ['b', 2000],
    ]);
    store.close();
    store = SqliteStore.open({ file });
    expect(store.bridgeProgress.get('a')).toEqual({ bridgeId: 'a', progress: '{"currentStep":3,"steps":{}}', updatedAt: 3000 });
    expect(store.bridgeProgress.delete('a')).toBe(true);
    expect(store.bridgeProgress.delete('a')).toBe(false);
    expect(store.bridgeProgress.get('a')).toBeUndefined();
    store.close();
  });

  it('is added to a store of schema version 1, which keeps its data', () => {
    const file = path.join(dir, 'old.db');
    let store = SqliteStore.open({ file });
    store.insertAlignment({
      name: 'A',
      version: '1',
      creator: '',
      description: '',
      sourceOntologyURI: '',
      targetOntologyURI: '',
      xml: '<a/>',
      fingerprint: 'f',
    });
    store.close();
    // Back to what a version-1 mediator wrote: none of the later migrations' tables.
    const raw = new Database(file);
    raw.exec('DROP TABLE bridge_progress; DROP TABLE suite_case; DROP TABLE suite; ALTER TABLE channel DROP COLUMN chan_type;');
    raw.pragma('user_version = 1');
    raw.close();

    store = SqliteStore.open({ file });
    expect(store.listAlignments().map((a) => a.name)).toEqual(['A']);
    expect(store.bridgeProgress.list()).toEqual([]);
    store.bridgeProgress.put('x', '{}');
    expect(store.bridgeProgress.get('x')?.progress).toBe('{}');
    store.close();
    const check = new Database(file, { readonly: true });
    expect(check.pragma('user_version', { simple: true })).toBe(STORE_SCHEMA_VERSION);
    check.close();
  });
});
