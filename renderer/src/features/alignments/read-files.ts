import type { UploadDocument } from '../../store/index.js';

const ALIGNMENT_FILE = /\.(rdf|xml|owl)$/i;

/** Alignment files among dropped or picked files, read as text; other files are skipped. */
export async function readFiles(files: readonly File[]): Promise<UploadDocument[]> {
  const wanted = files.filter((f) => ALIGNMENT_FILE.test(f.name) || f.type.includes('xml'));
  return Promise.all(wanted.map(async (f) => ({ fileName: f.name, text: await f.text() })));
}

export function hasFiles(event: DragEvent): boolean {
  return event.dataTransfer !== null && Array.from(event.dataTransfer.types).includes('Files');
}
