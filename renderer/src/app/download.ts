/** Saves text as a file through the browser (works in Electron's renderer too). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A file name from an alignment's name and version: `CO_FIWARE_align-1.0.rdf`. */
export function alignmentFileName(name: string, version: string, suffix = ''): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_');
  return `${safe(name)}-${safe(version)}${suffix}.rdf`;
}
