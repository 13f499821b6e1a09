import { useState, type DragEvent } from 'react';

/**
 * A drop zone with a file picker for one text file (a POM, a log, a jar list). Marked
 * `data-file-drop`, so the window's alignment drop (WindowFileDrop) leaves its files alone.
 */
export function FileDrop({ label, accept, testId, onFile }: { label: string; accept?: string; testId: string; onFile: (name: string, text: string) => void }) {
  const [over, setOver] = useState(false);
  const read = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file !== undefined) void file.text().then((text) => onFile(file.name, text));
  };
  const stop = (e: DragEvent) => {
    e.preventDefault();
    e.stopPropagation();
  };
  return (
    <div
      className={`file-drop${over ? ' over' : ''}`}
      data-file-drop=""
      data-testid={testId}
      onDragEnter={(e) => {
        stop(e);
        setOver(true);
      }}
      onDragOver={stop}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        stop(e);
        setOver(false);
        read(e.dataTransfer.files);
      }}
    >
      <span>Drop {label} here, or </span>
      <label className="file-pick">
        choose a file
        <input type="file" aria-label={`Choose ${label}`} {...(accept === undefined ? {} : { accept })} onChange={(e) => read(e.target.files)} />
      </label>
    </div>
  );
}
