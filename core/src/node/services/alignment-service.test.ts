/**
 * Compile once (engine issue): an alignment is read and compiled when it is uploaded, or when a
 * server starts on a folder that holds it, and every later use gets that same compiled object;
 * no translation pays for parsing or compiling. Real SQLite file, real alignments.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../common/index.js';
import { SqliteStore } from '../store/index.js';
import { readData } from '../../test-support/shared-data.js';
import { AlignmentService } from './alignment-service.js';

let dir: string;
let stores: SqliteStore[];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'mediator-service-'));
  stores = [];
});

afterEach(() => {
  for (const s of stores) s.close();
  rmSync(dir, { recursive: true, force: true });
});

function service(): AlignmentService {
  const store = SqliteStore.open({ file: path.join(dir, 'mediator.db') });
  stores.push(store);
  return new AlignmentService(store, silentLogger);
}

describe('compiled alignment cache', () => {
  it('compiles at upload and hands every later use the same compiled alignment', async () => {
    const alignments = service();
    await alignments.upload(readData('alignments/CO_FIWARE.rdf'));
    const first = await alignments.compiledFor('CO_FIWARE_align', '1.0');
    expect(first.steps.length).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) expect(await alignments.compiledFor('CO_FIWARE_align', '1.0')).toBe(first);
  });

  it('compiles stored alignments once at start, then serves them from the cache', async () => {
    await service().upload(readData('alignments/UniversAAL_CO.rdf'));
    stores.pop()!.close();

    const restarted = service();
    expect(await restarted.loadAll()).toEqual({ loaded: 1, failed: 0 });
    const [info] = restarted.list();
    expect(info?.cellCount).toBeGreaterThan(0);
    const first = await restarted.compiledFor(info!.name, info!.version);
    expect(await restarted.compiledFor(info!.name, info!.version)).toBe(first);
  });

  it('forgets the compiled copy when the alignment is deleted', async () => {
    const alignments = service();
    await alignments.upload(readData('alignments/CO_FIWARE.rdf'));
    await alignments.compiledFor('CO_FIWARE_align', '1.0');
    await alignments.delete('CO_FIWARE_align', '1.0');
    await expect(alignments.compiledFor('CO_FIWARE_align', '1.0')).rejects.toThrow(/Cannot instantiate alignment/);
  });
});
