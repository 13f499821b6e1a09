import { useEffect, useRef, useState } from 'react';
import { hasFiles, readFiles } from '../features/alignments/read-files.js';
import { useWorkbench } from '../store/index.js';

/**
 * Files dropped anywhere on the window are uploaded as alignments. Listens in the capture phase so
 * a drop on an editor uploads instead of inserting the file's text. A drop zone of its own (marked
 * `data-file-drop`, e.g. the bridge assistant's POM and log, the API history's documents) keeps its files.
 */
export function WindowFileDrop() {
  const upload = useWorkbench((s) => s.uploadDocuments);
  const navigate = useWorkbench((s) => s.navigate);
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);

  useEffect(() => {
    const ownZone = (e: DragEvent) => e.target instanceof Element && e.target.closest('[data-file-drop]') !== null;
    const enter = (e: DragEvent) => {
      if (!hasFiles(e) || ownZone(e)) return;
      e.preventDefault();
      depth.current++;
      setDragging(true);
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      if (ownZone(e)) {
        // Over a zone of its own the window's "upload as alignments" overlay would say the wrong thing.
        depth.current = 0;
        setDragging(false);
        return;
      }
      e.preventDefault();
      if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    };
    const leave = (e: DragEvent) => {
      if (!hasFiles(e) || ownZone(e)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      depth.current = 0;
      setDragging(false);
      if (ownZone(e)) return;
      e.preventDefault();
      e.stopPropagation();
      const files = Array.from(e.dataTransfer?.files ?? []);
      navigate('alignments');
      void readFiles(files).then(upload);
    };
    window.addEventListener('dragenter', enter, true);
    window.addEventListener('dragover', over, true);
    window.addEventListener('dragleave', leave, true);
    window.addEventListener('drop', drop, true);
    return () => {
      window.removeEventListener('dragenter', enter, true);
      window.removeEventListener('dragover', over, true);
      window.removeEventListener('dragleave', leave, true);
      window.removeEventListener('drop', drop, true);
    };
  }, [upload, navigate]);

  return dragging ? (
    <div className="drop-overlay" role="status" data-testid="drop-overlay">
      <p>Drop alignment files (.rdf, .xml) to upload them</p>
    </div>
  ) : null;
}
