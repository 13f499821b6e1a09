/**
 * Access to the shared reference data (`../shared/data` beside the repository) for table-driven
 * tests. MEDIATOR_SHARED_DIR overrides the location.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const repoRoot = resolve(here, '../../..');
export const sharedDir = process.env.MEDIATOR_SHARED_DIR ?? resolve(repoRoot, '../shared');
export const dataDir = join(sharedDir, 'data');
/** The CLI as `npm start` and the `mediator` bin run it: the start-up bundle (scripts/bundle-server.mjs). */
export const mediatorCli = join(repoRoot, 'core/dist/bundle/cli.mjs');
/** The compiled modules the bundle is made from (what the Electron main process and library users import). */
export const compiledCli = join(repoRoot, 'core/dist/node/cli.js');

export interface GoldenPair {
  readonly pair: string;
  readonly message: string;
  readonly alignments: readonly string[];
  readonly inputPayloadTriples: number;
  readonly outputPayloadTriples: number;
}

export function readData(relative: string): string {
  return readFileSync(join(dataDir, relative), 'utf8');
}

/** The cells of alignments/CO_FIWARE.rdf in the order of its steps (what tests of its reading and compiling expect). */
export const CO_FIWARE_STEP_CELLS: readonly string[] = [
  'cell0',
  'cell1',
  'cell2_weight',
  'cell2_bp',
  'cell2_hr',
  'cell3_entity',
  'cell4_entity_weight',
  'cell4_entity_hr',
  'cell4_entity_bp',
  'cell4_entity_cleanup',
  'cell5_metadata',
];

export function goldenPairs(): GoldenPair[] {
  return JSON.parse(readData('golden/manifest.json')) as GoldenPair[];
}

export function goldenFile(pair: string, file: string): string {
  return readData(join('golden', pair, file));
}

export function alignmentFiles(): string[] {
  return readdirSync(join(dataDir, 'alignments'))
    .filter((f) => f.endsWith('.rdf'))
    .sort();
}

export function messageFiles(): string[] {
  return readdirSync(join(dataDir, 'messages'))
    .filter((f) => f.endsWith('.json'))
    .sort();
}

export interface GoldenStep {
  readonly alignment: string;
  readonly step: number;
  readonly cell: string;
  readonly before: number;
  readonly after: number;
  readonly deleted: number;
  readonly inserted: number;
}

export function goldenSteps(pair: string): GoldenStep[] {
  const lines = goldenFile(pair, 'steps.tsv')
    .split('\n')
    .filter((l) => l.trim() !== '');
  return lines.slice(1).map((line) => {
    const [alignment = '', step = '', cell = '', before = '', after = '', deleted = '', inserted = ''] = line.split('\t');
    return { alignment, step: Number(step), cell, before: Number(before), after: Number(after), deleted: Number(deleted), inserted: Number(inserted) };
  });
}

/** The reference's compiled SPARQL per cell, keyed `alignmentName/cellId` (the name as in the file headers). */
export function goldenCellSparql(pair: string): Array<{ alignment: string; cell: string; sparql: string }> {
  const text = goldenFile(pair, 'cells.sparql');
  const parts = text.split(/^#### /m).filter((p) => p.trim() !== '');
  return parts.map((part) => {
    const newline = part.indexOf('\n');
    const header = part.slice(0, newline);
    const m = /alignment \d+\/\d+: (\S+) \| step \d+\/\d+ \| cell: (\S+)/.exec(header);
    if (m === null) throw new Error(`unexpected cells.sparql header: ${header}`);
    return { alignment: m[1] ?? '', cell: m[2] ?? '', sparql: part.slice(newline + 1) };
  });
}
