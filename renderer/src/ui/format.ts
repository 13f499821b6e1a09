/** Display helpers shared by the screens. */
export function formatDate(epochMs: number | undefined): string {
  if (epochMs === undefined || !Number.isFinite(epochMs)) return '—';
  return new Date(epochMs).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

export function formatTime(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.toLocaleTimeString(undefined, { hour12: false })}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}

export function formatMs(ms: number | undefined | null): string {
  if (ms === undefined || ms === null || !Number.isFinite(ms)) return '—';
  return ms < 10 ? `${ms.toFixed(2)} ms` : `${Math.round(ms)} ms`;
}

/** Shortens an ontology IRI for a table cell; the full IRI goes in a title. */
export function shortIri(iri: string): string {
  return iri.replace(/^https?:\/\//, '');
}
