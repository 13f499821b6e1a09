import type { AlignmentId } from '../api/index.js';

/** Select-box value of an alignment; '' is "no alignment" (IDENTITY in the old dashboard). */
export function alignmentKey(id: AlignmentId | undefined): string {
  return id === undefined || (id.name === '' && id.version === '') ? '' : JSON.stringify([id.name, id.version]);
}

export function parseAlignmentKey(key: string): AlignmentId {
  if (key === '') return { name: '', version: '' };
  const parsed = JSON.parse(key) as unknown;
  if (Array.isArray(parsed) && typeof parsed[0] === 'string' && typeof parsed[1] === 'string') return { name: parsed[0], version: parsed[1] };
  return { name: '', version: '' };
}

export function sameAlignment(a: AlignmentId, b: AlignmentId): boolean {
  return a.name === b.name && a.version === b.version;
}
