/**
 * The mediator server's persistent store: uploaded alignments and channel configurations in one
 * SQLite file (reference-mediator.md §8: the reference kept the same two tables in SQLite).
 *
 * Why better-sqlite3 and not sql.js: sql.js keeps the database in memory and can only persist it by
 * exporting and rewriting the whole file, so a crash (or `kill -9`) between exports loses every
 * write since the last one, and a crash during the rewrite can tear the file. better-sqlite3 drives
 * the real SQLite library on the real file: every write below is a true transaction in WAL mode
 * with `synchronous = FULL`, so a write that returned is on disk and a killed process leaves the
 * database consistent.
 *
 * All calls are synchronous (better-sqlite3); each is a short indexed statement, so they are safe
 * to call from request handlers.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { BadRequestError, ConflictError, ErrorCodes, MediatorError, NotFoundError } from '../../common/errors.js';
import { BridgeProgressTable, createBridgeProgressTable } from './bridge-progress-table.js';
import { createSuiteTables, SuiteTables } from './suite-tables.js';
import type { AlignmentRecord, ChannelRecord, InsertAlignmentResult, NewAlignment, NewChannel } from './records.js';

// ---------------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------------

// The records are shared with the fleet's store (records.ts); re-exported for the callers that
// take them from here.
export type { AlignmentRecord, ChannelRecord, InsertAlignmentResult, NewAlignment, NewChannel } from './records.js';

export interface StoreOptions {
  /** Path of the .db file; its directory is created if missing. */
  readonly file: string;
}

/** Refusal to delete an alignment that a stored channel uses (code `IN_USE`). */
export class AlignmentInUseError extends BadRequestError {
  /** Ids of the channels using the alignment, ascending. */
  readonly channelIds: readonly number[];

  constructor(name: string, version: string, channelIds: readonly number[]) {
    const which = channelIds.length === 1 ? `channel ${channelIds[0]}` : `channels ${channelIds.join(', ')}`;
    super(`Alignment with AlignmentID(${name},${version}) is used by an active channel (${which})`, ErrorCodes.inUse);
    this.channelIds = channelIds;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), channelIds: this.channelIds };
  }
}

// ---------------------------------------------------------------------------------------------
// Connection set-up and migrations
// ---------------------------------------------------------------------------------------------

/**
 * Pragmas applied to every connection, in this order, before anything else. `busy_timeout` first so
 * that switching to WAL waits for a concurrent opener instead of failing.
 */
export const STORE_PRAGMAS: readonly string[] = ['busy_timeout = 5000', 'journal_mode = WAL', 'synchronous = FULL', 'foreign_keys = ON'];

type Db = Database.Database;

/**
 * Schema migrations, driven by `PRAGMA user_version`: migration i (0-based) brings the schema from
 * version i to i+1. Append only; never edit a migration that has shipped.
 */
const MIGRATIONS: ReadonlyArray<(db: Db) => void> = [
  // 1: the two tables of the reference (§8), plus fingerprint, created_at, dead_letter_topic.
  // "No alignment on this side" is stored as NULL name and version (the API says '' and ''), so
  // the foreign keys check the sides that name an alignment and ignore the others.
  (db) => {
    db.exec(`
      CREATE TABLE alignment (
        id                  INTEGER PRIMARY KEY AUTOINCREMENT,
        name                TEXT    NOT NULL,
        version             TEXT    NOT NULL,
        creator             TEXT    NOT NULL,
        description         TEXT    NOT NULL,
        source_ontology_uri TEXT    NOT NULL,
        target_ontology_uri TEXT    NOT NULL,
        date                INTEGER NOT NULL,
        xml                 TEXT    NOT NULL,
        fingerprint         TEXT    NOT NULL,
        CONSTRAINT alignment_identity UNIQUE (name, version)
      ) STRICT;

      CREATE TABLE channel (
        id                    INTEGER PRIMARY KEY AUTOINCREMENT,
        uuid                  TEXT    NOT NULL UNIQUE,
        source                TEXT    NOT NULL,
        sink                  TEXT    NOT NULL,
        inp_alignment_name    TEXT,
        inp_alignment_version TEXT,
        out_alignment_name    TEXT,
        out_alignment_version TEXT,
        consumer_group        TEXT    NOT NULL,
        parallelism           INTEGER NOT NULL,
        dead_letter_topic     TEXT,
        created_at            INTEGER NOT NULL,
        FOREIGN KEY (inp_alignment_name, inp_alignment_version)
          REFERENCES alignment (name, version) ON DELETE RESTRICT,
        FOREIGN KEY (out_alignment_name, out_alignment_version)
          REFERENCES alignment (name, version) ON DELETE RESTRICT
      ) STRICT;

      CREATE INDEX channel_inp_alignment ON channel (inp_alignment_name, inp_alignment_version);
      CREATE INDEX channel_out_alignment ON channel (out_alignment_name, out_alignment_version);
    `);
  },
  // 2: the bridge installation assistant's progress per bridge (issue 15).
  createBridgeProgressTable,
  // 3: alignment test suites (issue 12), suite-tables.ts.
  createSuiteTables,
  // 4: each channel's transports (STE's chanType, issue 28); NULL = the server's default at both ends.
  (db) => {
    db.exec('ALTER TABLE channel ADD COLUMN chan_type TEXT');
  },
];

/** The schema version this code writes and reads. */
export const STORE_SCHEMA_VERSION = MIGRATIONS.length;

function sqliteCode(error: unknown): string | undefined {
  if (error instanceof Database.SqliteError) return error.code;
  return undefined;
}

function isCorruption(error: unknown): boolean {
  const code = sqliteCode(error);
  return code !== undefined && (code.startsWith('SQLITE_NOTADB') || code.startsWith('SQLITE_CORRUPT'));
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function userVersion(db: Db): number {
  const value = db.pragma('user_version', { simple: true });
  return typeof value === 'number' ? value : Number(value);
}

/** Runs the missing migrations in one immediate transaction; refuses a newer schema. */
function migrate(db: Db, file: string): void {
  const tooNew = (version: number): MediatorError =>
    new MediatorError(
      `The store ${file} has schema version ${version}, newer than this mediator supports ` +
        `(${STORE_SCHEMA_VERSION}); it was written by a newer version. Upgrade, or use another data file.`,
      ErrorCodes.storeTooNew,
    );
  // Cheap check outside a transaction first, so a read-only look at a too-new file never writes.
  const before = userVersion(db);
  if (before > STORE_SCHEMA_VERSION) throw tooNew(before);
  if (before === STORE_SCHEMA_VERSION) return;
  db.transaction(() => {
    // Re-read under the write lock: another process may have migrated meanwhile.
    let version = userVersion(db);
    if (version > STORE_SCHEMA_VERSION) throw tooNew(version);
    for (; version < STORE_SCHEMA_VERSION; version += 1) {
      const step = MIGRATIONS[version];
      if (step === undefined) throw new Error(`missing migration ${version + 1}`);
      step(db);
      // user_version is part of the database header and so is transactional.
      db.pragma(`user_version = ${version + 1}`);
    }
  }).immediate();
}

/**
 * Opens (creating if needed) the database file with the store's pragmas and migrates it. Errors are
 * MediatorErrors: STORE_CORRUPT, STORE_TOO_NEW or STORE_OPEN_FAILED, each naming the file.
 */
function openDatabase(file: string): Db {
  try {
    mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  } catch (error) {
    throw new MediatorError(`Cannot create the directory of the store ${file}: ${errorMessage(error)}`, ErrorCodes.storeOpenFailed, { cause: error });
  }
  let db: Db;
  try {
    db = new Database(file);
  } catch (error) {
    throw new MediatorError(`Cannot open the store ${file}: ${errorMessage(error)}`, ErrorCodes.storeOpenFailed, { cause: error });
  }
  try {
    for (const pragma of STORE_PRAGMAS) db.pragma(pragma);
    migrate(db, file);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof MediatorError) throw error;
    if (isCorruption(error)) {
      throw new MediatorError(
        `The store ${file} is not a valid SQLite database (${errorMessage(error)}); ` + 'move it away or point the server at another data file.',
        ErrorCodes.storeCorrupt,
        { cause: error },
      );
    }
    throw new MediatorError(`Cannot open the store ${file}: ${errorMessage(error)}`, ErrorCodes.storeOpenFailed, { cause: error });
  }
}

// ---------------------------------------------------------------------------------------------
// Rows and records
// ---------------------------------------------------------------------------------------------

interface AlignmentRow {
  id: number;
  name: string;
  version: string;
  creator: string;
  description: string;
  source_ontology_uri: string;
  target_ontology_uri: string;
  date: number;
  xml: string;
  fingerprint: string;
}

interface ChannelRow {
  id: number;
  uuid: string;
  source: string;
  sink: string;
  inp_alignment_name: string | null;
  inp_alignment_version: string | null;
  out_alignment_name: string | null;
  out_alignment_version: string | null;
  consumer_group: string;
  parallelism: number;
  dead_letter_topic: string | null;
  chan_type: string | null;
  created_at: number;
}

function toAlignment(row: AlignmentRow): AlignmentRecord {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    creator: row.creator,
    description: row.description,
    sourceOntologyURI: row.source_ontology_uri,
    targetOntologyURI: row.target_ontology_uri,
    date: row.date,
    xml: row.xml,
    fingerprint: row.fingerprint,
  };
}

function toChannel(row: ChannelRow): ChannelRecord {
  return {
    id: row.id,
    uuid: row.uuid,
    source: row.source,
    sink: row.sink,
    inpAlignmentName: row.inp_alignment_name ?? '',
    inpAlignmentVersion: row.inp_alignment_version ?? '',
    outAlignmentName: row.out_alignment_name ?? '',
    outAlignmentVersion: row.out_alignment_version ?? '',
    consumerGroup: row.consumer_group,
    parallelism: row.parallelism,
    deadLetterTopic: row.dead_letter_topic,
    chanType: row.chan_type,
    createdAt: row.created_at,
  };
}

/** A channel side as stored: `['', '']` (no alignment) becomes NULLs, anything else is kept. */
function side(name: string, version: string): [string | null, string | null] {
  return name === '' && version === '' ? [null, null] : [name, version];
}

const ALIGNMENT_COLUMNS = 'id, name, version, creator, description, source_ontology_uri, target_ontology_uri, date, xml, fingerprint';
const CHANNEL_COLUMNS =
  'id, uuid, source, sink, inp_alignment_name, inp_alignment_version, out_alignment_name, ' +
  'out_alignment_version, consumer_group, parallelism, dead_letter_topic, chan_type, created_at';

function requireString(field: string, value: unknown): string {
  if (typeof value !== 'string') throw new BadRequestError(`${field} must be a string`);
  return value;
}

function requireInteger(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new BadRequestError(`${field} must be an integer, got ${String(value)}`);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------
// The store
// ---------------------------------------------------------------------------------------------

function prepareStatements(db: Db) {
  return {
    listAlignments: db.prepare<[], AlignmentRow>(`SELECT ${ALIGNMENT_COLUMNS} FROM alignment ORDER BY id`),
    getAlignment: db.prepare<[string, string], AlignmentRow>(`SELECT ${ALIGNMENT_COLUMNS} FROM alignment WHERE name = ? AND version = ?`),
    getAlignmentById: db.prepare<[number], AlignmentRow>(`SELECT ${ALIGNMENT_COLUMNS} FROM alignment WHERE id = ?`),
    insertAlignment: db.prepare<[string, string, string, string, string, string, number, string, string], never>(
      'INSERT INTO alignment (name, version, creator, description, source_ontology_uri, ' +
        'target_ontology_uri, date, xml, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    deleteAlignment: db.prepare<[string, string], never>('DELETE FROM alignment WHERE name = ? AND version = ?'),
    channelsUsing: db.prepare<[string, string, string, string], ChannelRow>(
      `SELECT ${CHANNEL_COLUMNS} FROM channel
        WHERE (inp_alignment_name = ? AND inp_alignment_version = ?)
           OR (out_alignment_name = ? AND out_alignment_version = ?)
        ORDER BY id`,
    ),
    listChannels: db.prepare<[], ChannelRow>(`SELECT ${CHANNEL_COLUMNS} FROM channel ORDER BY id`),
    getChannel: db.prepare<[number], ChannelRow>(`SELECT ${CHANNEL_COLUMNS} FROM channel WHERE id = ?`),
    insertChannel: db.prepare<
      [string, string, string, string | null, string | null, string | null, string | null, string, number, string | null, string | null, number],
      never
    >(
      'INSERT INTO channel (uuid, source, sink, inp_alignment_name, inp_alignment_version, ' +
        'out_alignment_name, out_alignment_version, consumer_group, parallelism, ' +
        'dead_letter_topic, chan_type, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    deleteChannel: db.prepare<[number], never>('DELETE FROM channel WHERE id = ?'),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

export class SqliteStore {
  /** Path of the database file, as given. */
  readonly file: string;
  readonly #db: Db;
  readonly #stmts: Statements;
  readonly #insertAlignment: (a: NewAlignment) => InsertAlignmentResult;
  readonly #deleteAlignment: (name: string, version: string) => boolean;
  readonly #insertChannel: (c: NewChannel) => ChannelRecord;
  readonly #deleteChannel: (id: number) => boolean;
  /** Alignment test suites and their cases (issue 12). */
  readonly suites: SuiteTables;

  private constructor(file: string, db: Db) {
    this.file = file;
    this.#db = db;
    const s = prepareStatements(db);
    this.#stmts = s;
    this.suites = new SuiteTables(db, (what, operation) => this.#run(what, operation));

    // Writes run as IMMEDIATE transactions: the write lock is taken up front, so a second process
    // on the same file waits (busy_timeout) instead of failing on a read-to-write upgrade.
    const insertAlignment = db.transaction((a: NewAlignment): InsertAlignmentResult => {
      const existing = s.getAlignment.get(a.name, a.version);
      if (existing !== undefined) return { status: 'exists', record: toAlignment(existing) };
      const info = s.insertAlignment.run(
        a.name,
        a.version,
        a.creator,
        a.description,
        a.sourceOntologyURI,
        a.targetOntologyURI,
        a.date ?? Date.now(),
        a.xml,
        a.fingerprint,
      );
      const row = s.getAlignmentById.get(Number(info.lastInsertRowid));
      if (row === undefined) throw new Error('inserted alignment row not found');
      return { status: 'created', record: toAlignment(row) };
    });
    this.#insertAlignment = (a) => insertAlignment.immediate(a);

    const deleteAlignment = db.transaction((name: string, version: string): boolean => {
      const users = s.channelsUsing.all(name, version, name, version);
      if (users.length > 0)
        throw new AlignmentInUseError(
          name,
          version,
          users.map((u) => u.id),
        );
      return s.deleteAlignment.run(name, version).changes > 0;
    });
    this.#deleteAlignment = (name, version) => deleteAlignment.immediate(name, version);

    const insertChannel = db.transaction((c: NewChannel): ChannelRecord => {
      const inp = side(c.inpAlignmentName, c.inpAlignmentVersion);
      const out = side(c.outAlignmentName, c.outAlignmentVersion);
      for (const [label, [name, version]] of [
        ['Input', inp],
        ['Output', out],
      ] as const) {
        if (name !== null && version !== null && s.getAlignment.get(name, version) === undefined) {
          throw new NotFoundError(`${label} alignment with AlignmentID(${name},${version}) not found`);
        }
      }
      const info = s.insertChannel.run(
        c.uuid ?? randomUUID(),
        c.source,
        c.sink,
        inp[0],
        inp[1],
        out[0],
        out[1],
        c.consumerGroup,
        c.parallelism,
        c.deadLetterTopic,
        c.chanType ?? null,
        Date.now(),
      );
      const row = s.getChannel.get(Number(info.lastInsertRowid));
      if (row === undefined) throw new Error('inserted channel row not found');
      return toChannel(row);
    });
    this.#insertChannel = (c) => insertChannel.immediate(c);

    const deleteChannel = db.transaction((id: number): boolean => s.deleteChannel.run(id).changes > 0);
    this.#deleteChannel = (id) => deleteChannel.immediate(id);
  }

  /**
   * Opens or creates the store: WAL, synchronous=FULL, foreign keys, a busy timeout, then the
   * schema migrations. Throws MediatorError STORE_CORRUPT (not an SQLite file), STORE_TOO_NEW
   * (written by a newer mediator) or STORE_OPEN_FAILED.
   */
  static open(options: StoreOptions): SqliteStore {
    const db = openDatabase(options.file);
    try {
      return new SqliteStore(options.file, db);
    } catch (error) {
      db.close();
      throw error;
    }
  }

  /** Whether `close()` has not been called yet. */
  get isOpen(): boolean {
    return this.#db.open;
  }

  /** All alignments, ordered by id. */
  listAlignments(): AlignmentRecord[] {
    return this.#run('listing alignments', () => this.#stmts.listAlignments.all().map(toAlignment));
  }

  getAlignment(name: string, version: string): AlignmentRecord | undefined {
    return this.#run('reading an alignment', () => {
      const row = this.#stmts.getAlignment.get(name, version);
      return row === undefined ? undefined : toAlignment(row);
    });
  }

  getAlignmentById(id: number): AlignmentRecord | undefined {
    if (!Number.isSafeInteger(id)) return undefined;
    return this.#run('reading an alignment', () => {
      const row = this.#stmts.getAlignmentById.get(id);
      return row === undefined ? undefined : toAlignment(row);
    });
  }

  /**
   * Stores a new alignment, or reports the one already stored under the same name and version
   * (`exists`; nothing is written). Check and insert are one transaction.
   */
  insertAlignment(a: NewAlignment): InsertAlignmentResult {
    for (const field of ['name', 'version', 'creator', 'description', 'sourceOntologyURI', 'targetOntologyURI', 'xml', 'fingerprint'] as const) {
      requireString(field, a[field]);
    }
    if (a.date !== undefined) requireInteger('date', a.date);
    return this.#run('inserting an alignment', () => this.#insertAlignment(a));
  }

  /**
   * Deletes an alignment: true if deleted, false if absent. Throws AlignmentInUseError (code
   * IN_USE, naming the channel ids) if any stored channel uses it on either side.
   */
  deleteAlignment(name: string, version: string): boolean {
    return this.#run('deleting an alignment', () => this.#deleteAlignment(name, version));
  }

  /** Stored channels whose input or output alignment is (name, version), ordered by id. */
  channelsUsing(name: string, version: string): ChannelRecord[] {
    return this.#run('listing channels', () => this.#stmts.channelsUsing.all(name, version, name, version).map(toChannel));
  }

  /** All stored channels, ordered by id. */
  listChannels(): ChannelRecord[] {
    return this.#run('listing channels', () => this.#stmts.listChannels.all().map(toChannel));
  }

  getChannel(id: number): ChannelRecord | undefined {
    if (!Number.isSafeInteger(id)) return undefined;
    return this.#run('reading a channel', () => {
      const row = this.#stmts.getChannel.get(id);
      return row === undefined ? undefined : toChannel(row);
    });
  }

  /**
   * Stores a channel (uuid generated if not given, createdAt = now). Throws NotFoundError if a side
   * names an alignment that is not stored, ConflictError if the uuid is already taken.
   */
  insertChannel(c: NewChannel): ChannelRecord {
    for (const field of ['source', 'sink', 'inpAlignmentName', 'inpAlignmentVersion', 'outAlignmentName', 'outAlignmentVersion', 'consumerGroup'] as const) {
      requireString(field, c[field]);
    }
    requireInteger('parallelism', c.parallelism);
    if (c.deadLetterTopic !== null) requireString('deadLetterTopic', c.deadLetterTopic);
    if (c.chanType !== undefined && c.chanType !== null) requireString('chanType', c.chanType);
    if (c.uuid !== undefined) requireString('uuid', c.uuid);
    return this.#run('inserting a channel', () => {
      try {
        return this.#insertChannel(c);
      } catch (error) {
        if (sqliteCode(error) === 'SQLITE_CONSTRAINT_UNIQUE') {
          throw new ConflictError(`A channel with uuid ${String(c.uuid)} already exists`);
        }
        throw error;
      }
    });
  }

  /** Deletes a channel: true if deleted, false if absent. */
  deleteChannel(id: number): boolean {
    if (!Number.isSafeInteger(id)) return false;
    return this.#run('deleting a channel', () => this.#deleteChannel(id));
  }

  /** The configuration of this process alone, in its local file (the `ConfigStore` interface). */
  state(): { kind: 'sqlite'; connected: true } {
    return { kind: 'sqlite', connected: true };
  }

  /** Closes the database (checkpointing the WAL). Idempotent. */
  close(): void {
    if (this.#db.open) this.#db.close();
  }

  #bridgeProgress: BridgeProgressTable | undefined;

  /** The bridge assistant's progress per bridge (bridge-progress-table.ts). */
  get bridgeProgress(): BridgeProgressTable {
    this.#bridgeProgress ??= new BridgeProgressTable(this.#db, (what, operation) => this.#run(what, operation));
    return this.#bridgeProgress;
  }

  /**
   * Runs an operation; domain errors pass through, unexpected failures (SQLite I/O errors, disk
   * full, corruption, use after close) become MediatorError `INTERNAL` naming the file.
   */
  #run<T>(what: string, operation: () => T): T {
    if (!this.#db.open) {
      throw new MediatorError(`The store ${this.file} is closed`, ErrorCodes.internal);
    }
    try {
      return operation();
    } catch (error) {
      if (error instanceof MediatorError) throw error;
      throw new MediatorError(`Store ${this.file}: ${what} failed: ${errorMessage(error)}`, ErrorCodes.internal, { cause: error });
    }
  }
}

// The default data directory lives in its own module: `mediator serve` reads it before it listens,
// without loading SQLite (issue 42, listen first).
export { defaultDataDir } from './default-data-dir.js';
