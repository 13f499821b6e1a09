/**
 * The bridge installation assistant's progress per bridge (issue 15): one row per bridge, the
 * progress as JSON text (its shape is the API's BridgeProgressBody, checked by the route before it
 * is saved), so closing the app half-way loses nothing. Part of the SQLite store (sqlite-store.ts
 * runs the migration and hands this table its connection).
 */
import type Database from 'better-sqlite3';

type Db = Database.Database;

/** Schema migration: the table (appended to the store's MIGRATIONS). */
export function createBridgeProgressTable(db: Db): void {
  db.exec(`
    CREATE TABLE bridge_progress (
      bridge_id  TEXT    PRIMARY KEY,
      progress   TEXT    NOT NULL,
      updated_at INTEGER NOT NULL
    ) STRICT;
  `);
}

export interface BridgeProgressRecord {
  readonly bridgeId: string;
  /** The JSON text as saved. */
  readonly progress: string;
  /** Epoch milliseconds. */
  readonly updatedAt: number;
}

interface Row {
  bridge_id: string;
  progress: string;
  updated_at: number;
}

const toRecord = (row: Row): BridgeProgressRecord => ({ bridgeId: row.bridge_id, progress: row.progress, updatedAt: row.updated_at });

export class BridgeProgressTable {
  readonly #list;
  readonly #get;
  readonly #put;
  readonly #delete;

  /** `run` is the store's guard: it turns unexpected SQLite failures into the store's errors. */
  constructor(
    db: Db,
    private readonly run: <T>(what: string, operation: () => T) => T,
  ) {
    this.#list = db.prepare<[], Row>('SELECT bridge_id, progress, updated_at FROM bridge_progress ORDER BY updated_at DESC, bridge_id');
    this.#get = db.prepare<[string], Row>('SELECT bridge_id, progress, updated_at FROM bridge_progress WHERE bridge_id = ?');
    this.#put = db.prepare<[string, string, number], never>(
      'INSERT INTO bridge_progress (bridge_id, progress, updated_at) VALUES (?, ?, ?) ' +
        'ON CONFLICT (bridge_id) DO UPDATE SET progress = excluded.progress, updated_at = excluded.updated_at',
    );
    this.#delete = db.prepare<[string], never>('DELETE FROM bridge_progress WHERE bridge_id = ?');
  }

  list(): BridgeProgressRecord[] {
    return this.run('list bridge progress', () => this.#list.all().map(toRecord));
  }

  get(bridgeId: string): BridgeProgressRecord | undefined {
    return this.run('read bridge progress', () => {
      const row = this.#get.get(bridgeId);
      return row === undefined ? undefined : toRecord(row);
    });
  }

  put(bridgeId: string, progress: string, updatedAt: number = Date.now()): BridgeProgressRecord {
    return this.run('save bridge progress', () => {
      this.#put.run(bridgeId, progress, updatedAt);
      return { bridgeId, progress, updatedAt };
    });
  }

  /** True when there was a row. */
  delete(bridgeId: string): boolean {
    return this.run('delete bridge progress', () => this.#delete.run(bridgeId).changes > 0);
  }
}
