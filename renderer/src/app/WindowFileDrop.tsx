import { useEffect, useRef, useState } from 'react';
import { hasFiles } from '../features/alignments/read-files.js';
import { DROP_TARGETS, OVER_TEXT, useWorkbench, type DropTarget, type Screen } from '../store/index.js';

/** Where a drop lands when it is on no marked target: the screen's own default. */
const SCREEN_TARGETS: Partial<Record<Screen, DropTarget>> = { alignments: 'alignments', translate: 'translate' };

function targetOf(event: DragEvent, screen: Screen): DropTarget {
  const marked = event.target instanceof Element ? event.target.closest('[data-drop-target]')?.getAttribute('data-drop-target') : undefined;
  return DROP_TARGETS.find((t) => t === marked) ?? SCREEN_TARGETS[screen] ?? 'none';
}

/**
 * Files dropped on the window go to the target under the pointer (issue 25, point 4): a message onto
 * Translate's message editor, alignments onto the chain (uploaded when not stored, then added) or
 * onto the alignment list (uploaded); the screen never changes, and a file the target does not take
 * is named in a notice (drop-slice.ts). Listens in the capture phase so a drop on an editor does not
 * insert the file's text. A drop zone of its own (marked `data-file-drop`, e.g. the bridge
 * assistant's POM and log, the API history's documents) keeps its files.
 */
export function WindowFileDrop() {
  const dropFiles = useWorkbench((s) => s.dropFiles);
  const screen = useWorkbench((s) => s.screen);
  const [over, setOver] = useState<DropTarget | undefined>(undefined);
  const depth = useRef(0);

  useEffect(() => {
    const ownZone = (e: DragEvent) => e.target instanceof Element && e.target.closest('[data-file-drop]') !== null;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e) || ownZone(e)) return;
      e.preventDefault();
      depth.current++;
      setOver(targetOf(e, screen));
    };
    const dragOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      if (ownZone(e)) {
        // Over a zone of its own the window's overlay would say the wrong thing.
        depth.current = 0;
        setOver(undefined);
        return;
      }
      e.preventDefault();
      const target = targetOf(e, screen);
      setOver(target);
      if (e.dataTransfer) e.dataTransfer.dropEffect = target === 'none' ? 'none' : 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e) || ownZone(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(undefined);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current = 0;
      setOver(undefined);
      if (ownZone(e)) return;
      e.preventDefault();
      e.stopPropagation();
      const files = Array.from(e.dataTransfer?.files ?? []).map((f) => ({ name: f.name, read: () => f.text() }));
      void dropFiles(targetOf(e, screen), files);
    };
    window.addEventListener('dragenter', enter, true);
    window.addEventListener('dragover', dragOver, true);
    window.addEventListener('dragleave', leave, true);
    window.addEventListener('drop', drop, true);
    return () => {
      window.removeEventListener('dragenter', enter, true);
      window.removeEventListener('dragover', dragOver, true);
      window.removeEventListener('dragleave', leave, true);
      window.removeEventListener('drop', drop, true);
    };
  }, [dropFiles, screen]);

  return over !== undefined ? (
    <div className="drop-overlay" role="status" data-testid="drop-overlay">
      <p>{OVER_TEXT[over]}</p>
    </div>
  ) : null;
}

/** What the last drop did, until dismissed or the next drop. */
export function DropNoticeBar() {
  const notice = useWorkbench((s) => s.dropNotice);
  const dismiss = useWorkbench((s) => s.dismissDropNotice);
  if (notice === undefined) return null;
  return (
    <div className={`drop-notice ${notice.severity === 'alert' ? 'bad' : 'ok'}`} role={notice.severity} aria-label="Dropped files" data-testid="drop-notice">
      {notice.items.length > 1 ? (
        <ul className="drop-results">
          {notice.items.map((item, i) => (
            <li key={i} className={item.ok ? 'ok' : 'bad'}>
              <span aria-hidden="true">{item.ok ? '✓' : '✕'}</span> {item.text}
            </li>
          ))}
        </ul>
      ) : (
        <span>{notice.text}</span>
      )}
      <button type="button" className="link" onClick={dismiss} aria-label="Dismiss the notice about dropped files">
        Dismiss
      </button>
    </div>
  );
}
