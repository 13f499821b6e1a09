import { useEffect, useRef, useState } from 'react';
import { loadMonaco } from './load-monaco.js';

export interface DiffCodeEditorProps {
  readonly original: string;
  readonly modified: string;
  readonly language: 'sparql' | 'xml' | 'json' | 'plaintext';
  readonly ariaLabel: string;
  readonly testId: string;
  /** Pixels; the editor is as tall as the longer side up to this. */
  readonly maxHeight?: number;
}

const LINE_HEIGHT = 19;

/**
 * Monaco's diff editor, read-only, always side by side (issue 12: each changed cell old | new).
 * The number of changed line ranges Monaco found is published as `data-changes` once computed,
 * so tests and screen readers know the comparison is ready.
 */
export function DiffCodeEditor({ original, modified, language, ariaLabel, testId, maxHeight = 420 }: DiffCodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const [changes, setChanges] = useState<number | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | undefined>(undefined);
  const [visible, setVisible] = useState(false);

  // A diff with many changed cells would otherwise create every Monaco instance at once: each is
  // created when it first comes near the viewport, and kept.
  useEffect(() => {
    const element = host.current;
    if (element === null || visible) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setVisible(true);
      },
      { rootMargin: '300px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [visible]);

  useEffect(() => {
    if (!visible) return;
    let disposed = false;
    const disposables: Array<{ dispose(): void }> = [];
    loadMonaco().then(
      (monaco) => {
        if (disposed || host.current === null) return;
        const editor = monaco.editor.createDiffEditor(host.current, {
          readOnly: true,
          originalEditable: false,
          renderSideBySide: true,
          // Side by side even in a narrow window: the point of the view is old next to new.
          useInlineViewWhenSpaceIsLimited: false,
          automaticLayout: true,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          fontSize: 13,
          ariaLabel,
          originalAriaLabel: `${ariaLabel}: old`,
          modifiedAriaLabel: `${ariaLabel}: new`,
          renderOverviewRuler: false,
        });
        const originalModel = monaco.editor.createModel(original, language);
        const modifiedModel = monaco.editor.createModel(modified, language);
        editor.setModel({ original: originalModel, modified: modifiedModel });
        disposables.push(
          editor.onDidUpdateDiff(() => setChanges(editor.getLineChanges()?.length ?? 0)),
          editor,
          originalModel,
          modifiedModel,
        );
      },
      (error: unknown) => setLoadError(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      disposed = true;
      for (const d of disposables) d.dispose();
    };
  }, [original, modified, language, ariaLabel, visible]);

  const lines = Math.max(original.split('\n').length, modified.split('\n').length);
  const height = Math.min(maxHeight, Math.max(80, lines * LINE_HEIGHT + 12));
  return (
    <div className="diff-editor" data-testid={testId} data-changes={changes} aria-busy={changes === undefined}>
      {loadError !== undefined && (
        <p role="alert" className="error">
          The diff editor failed to load: {loadError}
        </p>
      )}
      <div ref={host} className="diff-editor-host" style={{ height }} />
    </div>
  );
}
