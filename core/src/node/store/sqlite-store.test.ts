import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BadRequestError, MediatorError } from '../../common/errors.js';
import { startProcess } from '../../test-support/processes.js';
import { AlignmentInUseError, SqliteStore, STORE_SCHEMA_VERSION, defaultDataDir, type NewAlignment, type NewChannel } from './index.js';

let dir: string;
let opened: SqliteStore[];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mediator-store-'));
  opened = [];
});

afterEach(() => {
  for (const store of opened) store.close();
  rmSync(dir, { recursive: true, force: true });
});

function dbFile(name = 'mediator.db'): string {
  return path.join(dir, name);
}

function open(file = dbFile()): SqliteStore {
  const store = SqliteStore.open({ file });
  opened.push(store);
  return store;
}

function alignment(overrides: Partial<NewAlignment> = {}): NewAlignment {
  const name = overrides.name ?? 'BodyCloud_CO';
  const version = overrides.version ?? '1.0';
  return {
    name,
    version,
    creator: 'someone',
    description: 'an alignment',
    sourceOntologyURI: 'http://example.org/source',
    targetOntologyURI: 'http://example.org/target',
    xml: `<Alignment name="${name}" version="${version}"/>`,
    fingerprint: `fp-${name}-${version}`,
    ...overrides,
  };
}

function channel(overrides: Partial<NewChannel> = {}): NewChannel {
  return {
    source: 'mw-mediator-downstream-p1',
    sink: 'mediator-mw-downstream-p1',
    inpAlignmentName: '',
    inpAlignmentVersion: '',
    outAlignmentName: '',
    outAlignmentVersion: '',
    consumerGroup: 'group-1',
    parallelism: 1,
    deadLetterTopic: null,
    ...overrides,
  };
}

function caught(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error, none was thrown');
}

describe('alignments', () => {
  it('inserts, lists, gets by identity and id, and deletes', () => {
    const store = open();
    const before = Date.now();
    const a = store.insertAlignment(alignment({ name: 'A', version: '1' }));
    const b = store.insertAlignment(alignment({ name: 'B', version: '2', date: 1234567890123 }));
    expect(a.status).toBe('created');
    expect(b.status).toBe('created');
    expect(a.record).toMatchObject({ ...alignment({ name: 'A', version: '1' }), id: 1 });
    expect(a.record.date).toBeGreaterThanOrEqual(before);
    expect(a.record.date).toBeLessThanOrEqual(Date.now());
    expect(b.record).toEqual({ ...alignment({ name: 'B', version: '2' }), id: 2, date: 1234567890123 });

    expect(store.listAlignments()).toEqual([a.record, b.record]);
    expect(store.getAlignment('B', '2')).toEqual(b.record);
    expect(store.getAlignment('B', '1')).toBeUndefined();
    expect(store.getAlignment('b', '2')).toBeUndefined();
    expect(store.getAlignmentById(1)).toEqual(a.record);
    expect(store.getAlignmentById(3)).toBeUndefined();
    expect(store.getAlignmentById(1.5)).toBeUndefined();

    expect(store.deleteAlignment('A', '1')).toBe(true);
    expect(store.deleteAlignment('A', '1')).toBe(false);
    expect(store.getAlignment('A', '1')).toBeUndefined();
    expect(store.getAlignmentById(1)).toBeUndefined();
    expect(store.listAlignments()).toEqual([b.record]);
  });

  it('never reuses an id after a delete, also across a reopen', () => {
    const file = dbFile();
    let store = open(file);
    store.insertAlignment(alignment({ version: '1' }));
    const second = store.insertAlignment(alignment({ version: '2' }));
    expect(second.record.id).toBe(2);
    expect(store.deleteAlignment('BodyCloud_CO', '2')).toBe(true);
    expect(store.insertAlignment(alignment({ version: '3' })).record.id).toBe(3);
    expect(store.deleteAlignment('BodyCloud_CO', '3')).toBe(true);
    store.close();
    store = open(file);
    // The same identity again gets a fresh id too.
    expect(store.insertAlignment(alignment({ version: '2' })).record.id).toBe(4);
    expect(store.listAlignments().map((r) => r.id)).toEqual([1, 4]);
  });

  it('keeps the XML text byte-for-byte: non-ASCII, CRLF, surrounding whitespace', () => {
    const store = open();
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\r\n<!DOCTYPE x [<!ENTITY e "é">]>\r\n' +
      '<Alignment>\r\n  <title>Häfen – 港 🚢 Ωμέγα</title>\r\n\t<empty/>  \r\n</Alignment>\r\n\r\n  ';
    store.insertAlignment(alignment({ xml }));
    const got = store.getAlignment('BodyCloud_CO', '1.0');
    expect(got?.xml).toBe(xml);
    expect(Buffer.from(got?.xml ?? '', 'utf8').equals(Buffer.from(xml, 'utf8'))).toBe(true);
    expect(got?.xml.includes('\r\n')).toBe(true);
    // Also as stored on disk, read back by a second connection.
    const raw = new Database(store.file, { readonly: true });
    try {
      const row = raw.prepare('SELECT xml FROM alignment').get() as { xml: string };
      expect(row.xml).toBe(xml);
    } finally {
      raw.close();
    }
  });

  it('handles names and versions with spaces and non-ASCII characters', () => {
    const store = open();
    const weird = alignment({ name: 'Ontologie für Häfen', version: '1.0 β (entwurf)' });
    const other = alignment({ name: 'Ontologie für Häfen', version: '1.0 β' });
    const created = store.insertAlignment(weird);
    store.insertAlignment(other);
    expect(created.status).toBe('created');
    expect(store.getAlignment('Ontologie für Häfen', '1.0 β (entwurf)')).toEqual(created.record);
    expect(store.getAlignment('Ontologie fur Hafen', '1.0 β (entwurf)')).toBeUndefined();
    expect(store.deleteAlignment('Ontologie für Häfen', '1.0 β (entwurf)')).toBe(true);
    expect(store.listAlignments().map((r) => r.version)).toEqual(['1.0 β']);
  });

  it('reports the stored record when the same name+version is inserted again', () => {
    const store = open();
    const first = store.insertAlignment(alignment({ fingerprint: 'one', xml: '<a/>' }));
    const second = store.insertAlignment(alignment({ fingerprint: 'two', xml: '<b/>', creator: 'other' }));
    expect(first.status).toBe('created');
    expect(second).toEqual({ status: 'exists', record: first.record });
    expect(store.listAlignments()).toHaveLength(1);
    expect(store.getAlignment('BodyCloud_CO', '1.0')?.fingerprint).toBe('one');
  });

  it('creates exactly one row when the same identity is inserted many times, from two connections', () => {
    const a = open();
    const b = open(a.file);
    const statuses: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const store = i % 2 === 0 ? a : b;
      statuses.push(store.insertAlignment(alignment({ fingerprint: `fp-${i}` })).status);
    }
    expect(statuses.filter((s) => s === 'created')).toHaveLength(1);
    expect(statuses[0]).toBe('created');
    expect(a.listAlignments()).toHaveLength(1);
    expect(b.listAlignments()[0]?.fingerprint).toBe('fp-0');
  });

  it('rejects malformed input with BAD_REQUEST and writes nothing', () => {
    const store = open();
    const badDate = caught(() => store.insertAlignment(alignment({ date: 1.5 })));
    expect(badDate).toBeInstanceOf(BadRequestError);
    expect((badDate as MediatorError).code).toBe('BAD_REQUEST');
    const badName = caught(() => store.insertAlignment({ ...alignment(), name: 42 as unknown as string }));
    expect((badName as MediatorError).code).toBe('BAD_REQUEST');
    expect(store.listAlignments()).toEqual([]);
  });
});

describe('channels', () => {
  it('inserts, lists, gets and deletes, with generated and given uuids', () => {
    const store = open();
    store.insertAlignment(alignment({ name: 'in', version: '1' }));
    store.insertAlignment(alignment({ name: 'out', version: '2' }));
    const before = Date.now();
    const c1 = store.insertChannel(
      channel({ inpAlignmentName: 'in', inpAlignmentVersion: '1', outAlignmentName: 'out', outAlignmentVersion: '2', parallelism: 4 }),
    );
    const c2 = store.insertChannel(channel({ source: 's2', sink: 'k2', uuid: 'given-uuid', deadLetterTopic: 'dead-letters', consumerGroup: 'g2' }));
    expect(c1).toMatchObject({
      id: 1,
      source: 'mw-mediator-downstream-p1',
      sink: 'mediator-mw-downstream-p1',
      inpAlignmentName: 'in',
      inpAlignmentVersion: '1',
      outAlignmentName: 'out',
      outAlignmentVersion: '2',
      consumerGroup: 'group-1',
      parallelism: 4,
      deadLetterTopic: null,
    });
    expect(c1.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(c1.createdAt).toBeGreaterThanOrEqual(before);
    expect(c1.createdAt).toBeLessThanOrEqual(Date.now());
    expect(c2).toMatchObject({
      id: 2,
      uuid: 'given-uuid',
      inpAlignmentName: '',
      inpAlignmentVersion: '',
      outAlignmentName: '',
      outAlignmentVersion: '',
      deadLetterTopic: 'dead-letters',
    });

    expect(store.listChannels()).toEqual([c1, c2]);
    expect(store.getChannel(2)).toEqual(c2);
    expect(store.getChannel(3)).toBeUndefined();
    expect(store.deleteChannel(1)).toBe(true);
    expect(store.deleteChannel(1)).toBe(false);
    expect(store.getChannel(1)).toBeUndefined();
    expect(store.listChannels()).toEqual([c2]);
  });

  it('never reuses a channel id after a delete, also across a reopen', () => {
    const file = dbFile();
    let store = open(file);
    store.insertChannel(channel());
    const second = store.insertChannel(channel({ sink: 'other' }));
    expect(store.deleteChannel(second.id)).toBe(true);
    store.close();
    store = open(file);
    expect(store.insertChannel(channel({ sink: 'third' })).id).toBe(3);
  });

  it('refuses a channel naming an alignment that is not stored, and a duplicate uuid', () => {
    const store = open();
    const missing = caught(() => store.insertChannel(channel({ outAlignmentName: 'nope', outAlignmentVersion: '1' })));
    expect((missing as MediatorError).code).toBe('NOT_FOUND');
    expect((missing as Error).message).toContain('AlignmentID(nope,1)');
    store.insertChannel(channel({ uuid: 'u-1' }));
    const duplicate = caught(() => store.insertChannel(channel({ uuid: 'u-1', sink: 'x' })));
    expect((duplicate as MediatorError).code).toBe('CONFLICT');
    expect(store.listChannels()).toHaveLength(1);
  });

  it('lists the channels using an alignment on either side', () => {
    const store = open();
    store.insertAlignment(alignment({ name: 'A', version: '1' }));
    store.insertAlignment(alignment({ name: 'B', version: '1' }));
    const inp = store.insertChannel(channel({ inpAlignmentName: 'A', inpAlignmentVersion: '1' }));
    const out = store.insertChannel(channel({ sink: 's2', outAlignmentName: 'A', outAlignmentVersion: '1' }));
    store.insertChannel(channel({ sink: 's3', outAlignmentName: 'B', outAlignmentVersion: '1' }));
    store.insertChannel(channel({ sink: 's4' }));
    expect(store.channelsUsing('A', '1')).toEqual([inp, out]);
    expect(store.channelsUsing('B', '1').map((c) => c.sink)).toEqual(['s3']);
    expect(store.channelsUsing('', '')).toEqual([]);
  });

  it('refuses to delete an alignment a channel uses (IN_USE, naming the ids) until the channels are gone', () => {
    const store = open();
    store.insertAlignment(alignment({ name: 'A', version: '1' }));
    const c1 = store.insertChannel(channel({ outAlignmentName: 'A', outAlignmentVersion: '1' }));
    const c2 = store.insertChannel(channel({ sink: 's2', inpAlignmentName: 'A', inpAlignmentVersion: '1' }));

    const error = caught(() => store.deleteAlignment('A', '1'));
    expect(error).toBeInstanceOf(AlignmentInUseError);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as MediatorError).code).toBe('IN_USE');
    expect((error as Error).message).toBe(`Alignment with AlignmentID(A,1) is used by an active channel (channels ${c1.id}, ${c2.id})`);
    expect((error as AlignmentInUseError).channelIds).toEqual([c1.id, c2.id]);
    expect(store.getAlignment('A', '1')).toBeDefined();

    expect(store.deleteChannel(c1.id)).toBe(true);
    const still = caught(() => store.deleteAlignment('A', '1'));
    expect((still as Error).message).toContain(`(channel ${c2.id})`);

    expect(store.deleteChannel(c2.id)).toBe(true);
    expect(store.deleteAlignment('A', '1')).toBe(true);
    expect(store.getAlignment('A', '1')).toBeUndefined();
  });

  it('also refuses the delete at the database level (foreign keys) for another writer', () => {
    const store = open();
    store.insertAlignment(alignment({ name: 'A', version: '1' }));
    store.insertChannel(channel({ inpAlignmentName: 'A', inpAlignmentVersion: '1' }));
    const raw = new Database(store.file);
    try {
      raw.pragma('foreign_keys = ON');
      expect(() => raw.prepare("DELETE FROM alignment WHERE name = 'A'").run()).toThrow(/FOREIGN KEY/);
    } finally {
      raw.close();
    }
    expect(store.getAlignment('A', '1')).toBeDefined();
  });
});

describe('opening', () => {
  it('creates the directory, uses WAL and keeps everything across a reopen', () => {
    const file = path.join(dir, 'nested', 'deeper', 'mediator.db');
    let store = open(file);
    expect(store.file).toBe(file);
    const a = store.insertAlignment(alignment()).record;
    const c = store.insertChannel(channel({ inpAlignmentName: a.name, inpAlignmentVersion: a.version }));
    store.close();
    store.close(); // idempotent
    expect(existsSync(file)).toBe(true);

    const raw = new Database(file, { readonly: true });
    try {
      expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(raw.pragma('user_version', { simple: true })).toBe(STORE_SCHEMA_VERSION);
    } finally {
      raw.close();
    }

    store = open(file);
    expect(store.listAlignments()).toEqual([a]);
    expect(store.listChannels()).toEqual([c]);
    store.close();
    // Migrations are idempotent: a third open changes nothing.
    store = open(file);
    expect(store.listAlignments()).toEqual([a]);
    expect(store.listChannels()).toEqual([c]);
  });

  it('refuses use after close with a MediatorError', () => {
    const store = open();
    store.close();
    const error = caught(() => store.listAlignments());
    expect(error).toBeInstanceOf(MediatorError);
    expect((error as MediatorError).code).toBe('INTERNAL');
    expect((error as Error).message).toContain('closed');
  });

  it('refuses a database written by a newer version (STORE_TOO_NEW) and leaves it alone', () => {
    const file = dbFile();
    const store = open(file);
    store.insertAlignment(alignment());
    store.close();
    const raw = new Database(file);
    raw.pragma(`user_version = ${STORE_SCHEMA_VERSION + 1}`);
    raw.close();

    const error = caught(() => SqliteStore.open({ file }));
    expect(error).toBeInstanceOf(MediatorError);
    expect((error as MediatorError).code).toBe('STORE_TOO_NEW');
    expect((error as Error).message).toContain(file);

    const check = new Database(file, { readonly: true });
    try {
      expect(check.pragma('user_version', { simple: true })).toBe(STORE_SCHEMA_VERSION + 1);
      expect(check.prepare('SELECT count(*) AS n FROM alignment').get()).toEqual({ n: 1 });
    } finally {
      check.close();
    }
  });

  it('refuses a file that is not an SQLite database (STORE_CORRUPT, naming the file) without touching it', () => {
    const file = dbFile('garbage.db');
    const garbage = 'This is a text file, not a database.\n'.repeat(200);
    writeFileSync(file, garbage);
    const error = caught(() => SqliteStore.open({ file }));
    expect(error).toBeInstanceOf(MediatorError);
    expect((error as MediatorError).code).toBe('STORE_CORRUPT');
    expect((error as Error).message).toContain(file);
    expect(readFileSync(file, 'utf8')).toBe(garbage);
  });

  it('reports a path that cannot be a database file as STORE_OPEN_FAILED', () => {
    const file = dbFile('a-directory');
    mkdirSync(file);
    const error = caught(() => SqliteStore.open({ file }));
    expect((error as MediatorError).code).toBe('STORE_OPEN_FAILED');
    expect((error as Error).message).toContain(file);
  });
});

/**
 * Compiles the store's current TypeScript sources (and the relative modules they import) to plain
 * ESM in `outDir` with TypeScript's transpiler, so a child Node process (no TS loader installed) runs
 * the real SqliteStore, not a stale build. Bare imports are rewritten to absolute file URLs.
 */
async function transpileStore(outDir: string): Promise<string> {
  const ts = (await import('typescript')).default;
  const srcRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  // From the SQLite store's own module, not the store index: the index also reaches the NATS store
  // and the whole API schema module, which this writer does not need.
  const pending = ['node/store/sqlite-store.ts'];
  const done = new Set<string>();
  while (pending.length > 0) {
    const rel = pending.pop() as string;
    if (done.has(rel)) continue;
    done.add(rel);
    const srcFile = path.join(srcRoot, rel);
    const output = ts.transpileModule(readFileSync(srcFile, 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      fileName: srcFile,
    }).outputText;
    const requireHere = createRequire(srcFile);
    // Only the specifiers of import and export statements (a statement at the start of a line whose
    // clause has no quotes before `from`), so text such as a description ending in "from" is left alone.
    const js = output.replace(/^(\s*(?:import|export)\b[^'";]*?\bfrom\s*|\s*import\s*)(['"])([^'"\n]+)\2/gm, (_m, lead: string, q: string, spec: string) => {
      if (spec.startsWith('.')) {
        pending.push(path.posix.join(path.posix.dirname(rel), spec.replace(/\.js$/, '.ts')));
        return `${lead}${q}${spec}${q}`;
      }
      if (spec.startsWith('node:')) return `${lead}${q}${spec}${q}`;
      return `${lead}${q}${pathToFileURL(requireHere.resolve(spec)).href}${q}`;
    });
    const outFile = path.join(outDir, rel.replace(/\.ts$/, '.js'));
    mkdirSync(path.dirname(outFile), { recursive: true });
    writeFileSync(outFile, js);
  }
  return path.join(outDir, 'node/store/sqlite-store.js');
}

describe('crash durability', () => {
  it('keeps every insert that returned when the process is killed with SIGKILL', async () => {
    const file = dbFile();
    const moduleFile = await transpileStore(path.join(dir, 'compiled'));
    const child = path.join(dir, 'writer.mjs');
    writeFileSync(
      child,
      `import { writeSync } from 'node:fs';
import { SqliteStore } from ${JSON.stringify(pathToFileURL(moduleFile).href)};
const store = SqliteStore.open({ file: process.argv[2] });
const xml = '<Alignment>' + 'ä\\r\\n'.repeat(2000) + '</Alignment>';
for (let i = 0; ; i += 1) {
  const result = store.insertAlignment({
    name: 'crash', version: String(i), creator: 'c', description: 'd',
    sourceOntologyURI: 's', targetOntologyURI: 't', xml: xml + i, fingerprint: 'f' + i,
  });
  // Synchronous write: the id is printed only after the insert's transaction committed.
  writeSync(1, result.record.id + '\\n');
}
`,
    );

    const proc = startProcess('crash writer', process.execPath, [child, file]);
    /** The ids printed so far: complete lines only. */
    const ids = (): number[] => proc.text('stdout').split('\n').slice(0, -1).map(Number);
    try {
      await proc.waitForLine(/^\d+$/, 'stdout', { timeoutMs: 15_000 });
      const firstAt = Date.now();
      await proc.waitFor(() => (ids().length >= 50 ? true : undefined), 'at least 50 committed ids on stdout', { timeoutMs: 15_000 });
      // Kill after ~300 ms of committed inserts and at least 50 of them.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 300 - (Date.now() - firstAt))));
    } finally {
      proc.kill('SIGKILL');
    }
    expect(await proc.exited({ timeoutMs: 15_000 })).toEqual({ code: null, signal: 'SIGKILL' });
    const printed = ids();
    expect(printed.length).toBeGreaterThanOrEqual(50);
    expect(printed.every((id) => Number.isInteger(id) && id > 0)).toBe(true);

    // Recovery: the raw file is consistent, and the store opens it with every committed row.
    const raw = new Database(file);
    try {
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      raw.close();
    }
    const store = open(file);
    expect(store.listAlignments().length).toBeGreaterThanOrEqual(printed.length);
    for (const id of printed) {
      const record = store.getAlignmentById(id);
      expect(record, `id ${id}`).toBeDefined();
      expect(record?.xml.endsWith(`</Alignment>${record.version}`)).toBe(true);
    }
    expect(store.insertAlignment(alignment()).status).toBe('created');
  });
});

describe('defaultDataDir', () => {
  it('uses XDG_DATA_HOME or ~/.local/share on Linux', () => {
    expect(defaultDataDir({ XDG_DATA_HOME: '/data/xdg' }, 'linux', '/home/ann')).toBe('/data/xdg/mediator-workbench');
    expect(defaultDataDir({}, 'linux', '/home/ann')).toBe('/home/ann/.local/share/mediator-workbench');
    expect(defaultDataDir({ XDG_DATA_HOME: '' }, 'linux', '/home/ann')).toBe('/home/ann/.local/share/mediator-workbench');
    // The XDG spec says a relative value is invalid and must be ignored.
    expect(defaultDataDir({ XDG_DATA_HOME: 'rel/dir' }, 'linux', '/home/ann')).toBe('/home/ann/.local/share/mediator-workbench');
  });

  it('uses ~/Library/Application Support on macOS', () => {
    expect(defaultDataDir({ XDG_DATA_HOME: '/ignored' }, 'darwin', '/Users/ann')).toBe('/Users/ann/Library/Application Support/mediator-workbench');
  });

  it('uses %APPDATA% on Windows', () => {
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\ann\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ann')).toBe(
      'C:\\Users\\ann\\AppData\\Roaming\\mediator-workbench',
    );
    expect(defaultDataDir({}, 'win32', 'C:\\Users\\ann')).toBe('C:\\Users\\ann\\AppData\\Roaming\\mediator-workbench');
  });

  it('defaults to the current process environment', () => {
    expect(path.isAbsolute(defaultDataDir())).toBe(true);
    expect(defaultDataDir().endsWith('mediator-workbench')).toBe(true);
  });
});
