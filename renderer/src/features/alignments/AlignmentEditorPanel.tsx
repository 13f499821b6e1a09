import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Problem } from '../../api/index.js';
import { alignmentFileName, downloadText } from '../../ui/download.js';
import { CodeEditor, type RevealTarget } from '../../editor/CodeEditor.js';
import { alignmentKey, editorIsDirty, editorMarkers, useWorkbench, type AlignmentEditor } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { TabList } from '../../ui/TabList.js';
import { xmlCompletions } from './completion-vocabulary.js';
import { prefixesOf, useVocabulary } from './use-vocabulary.js';
import { CellList } from './CellList.js';
import { ConvertLegacyButton, LegacyConvertStatus } from './LegacyConvert.js';
import { ProblemList } from './ProblemList.js';
import { SaveOutcomePanel } from './SaveOutcomePanel.js';

type Tab = 'source' | 'cells' | 'turtle';

/** How long a linked cell is waited for, to be there and shown, before it is focused anyway or given up (about 10 s of frames). */
const MAX_FRAMES_HIDDEN = 600;

/** The cell form (issue 39) in a chunk of its own, loaded when the Cells tab is first shown. */
const CellEditor = lazy(() => import('./CellEditor.js').then((m) => ({ default: m.CellEditor })));

export function AlignmentEditorPanel() {
  const editor = useWorkbench((s) => s.editor);
  if (editor === undefined) return null;
  return <EditorBody key={editor.session} editor={editor} />;
}

function titleOf(editor: AlignmentEditor): string {
  if (editor.source.kind === 'stored') return `${editor.source.id.name} ${editor.source.id.version}`;
  const view = editor.view.view;
  return `${editor.source.label}${view && view.name !== '' ? ` (${view.name} ${view.version})` : ''} — not stored`;
}

// Long on purpose (scripts/long-functions.mjs allows five): one screen's layout, read top to bottom
// as the user sees it; its parts share the editor's state and actions, which would otherwise pass
// through many props.
function EditorBody({ editor }: { editor: AlignmentEditor }) {
  const setText = useWorkbench((s) => s.setEditorText);
  const validate = useWorkbench((s) => s.validateEditor);
  const upload = useWorkbench((s) => s.uploadEditor);
  const convert = useWorkbench((s) => s.convertEditorToTurtle);
  const close = useWorkbench((s) => s.closeEditor);
  const requestDelete = useWorkbench((s) => s.requestDelete);
  const loadView = useWorkbench((s) => s.loadView);
  const undo = useWorkbench((s) => s.undoEdit);
  const redo = useWorkbench((s) => s.redoEdit);
  const history = useWorkbench((s) => s.history);
  const canUndo = history.session === editor.session && history.past.length > 0;
  const canRedo = history.session === editor.session && history.future.length > 0;
  const iris = useVocabulary(editor.text !== '');
  const coverage = useWorkbench((s) => s.coverage);
  const coverageReport = editor.source.kind === 'stored' && coverage?.key === alignmentKey(editor.source.id) ? coverage.report : undefined;
  const [tab, setTab] = useState<Tab>('source');
  const { problemsHidden, wordWrap } = useWorkbench((s) => s.layout);
  const [reveal, setReveal] = useState<RevealTarget | undefined>(undefined);
  const panel = useRef<HTMLElement>(null);
  // A document just opened comes into view (it sits below the list) and takes the focus.
  useEffect(() => {
    panel.current?.scrollIntoView({ block: 'start' });
  }, []);

  // A link to a cell (a suite's blamed cell, a trace row): the Cells tab, scrolled to the cell, focused
  // once per request, when the tab is shown and the cells are there (focus in a hidden panel is lost).
  const cellFocus = editor.cellFocus;
  // The cell list (in the Cells tab, hidden or not) takes the view a render late, in a render React
  // interrupts for input: the list of 2,000 cells was about 250 ms of DOM work in the task that
  // showed the source and its validation (issue 42). So a linked cell is there once this view is.
  const listView = useDeferredValue(editor.view);
  const cellsShown = listView.view !== undefined;
  const focusedNonce = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (cellFocus !== undefined) setTab('cells');
  }, [cellFocus]);
  useEffect(() => {
    if (cellFocus === undefined || !cellsShown || tab !== 'cells' || focusedNonce.current === cellFocus.nonce) return;
    let waited = 0;
    const focusWhenShown = () => {
      const item = panel.current?.querySelector<HTMLElement>(`[data-cell-id="${CSS.escape(cellFocus.cellId)}"]`);
      // The list waits for the cell form's chunk in one Suspense boundary: not there yet on the
      // tab's first showing, hidden when it was there before. Focus then would be lost, and nothing
      // else runs this again: so try again next frame, for a while.
      if ((item === null || item === undefined || item.offsetParent === null) && waited++ < MAX_FRAMES_HIDDEN) {
        frame = requestAnimationFrame(focusWhenShown);
        return;
      }
      if (item === null || item === undefined) return;
      focusedNonce.current = cellFocus.nonce;
      item.scrollIntoView({ block: 'start' });
      item.focus({ preventScroll: true });
    };
    let frame = requestAnimationFrame(focusWhenShown);
    return () => cancelAnimationFrame(frame);
  }, [cellFocus, cellsShown, tab]);

  // Stable (state setters only), like onRetry below: the cell list is memoised, and new callbacks on
  // every render of this panel (a tab switch, each edit) rendered its 200 cells again.
  const jump = useCallback((line: number, column?: number) => {
    setTab('source');
    setReveal({ line, ...(column === undefined ? {} : { column }), nonce: Date.now() + Math.random() });
  }, []);
  const retryView = useCallback(() => void loadView(), [loadView]);
  const jumpTo = (p: Problem) => {
    if (p.line !== undefined) jump(p.line, p.column);
  };

  const stored = editor.source.kind === 'stored' ? editor.source.id : undefined;
  const dirty = editorIsDirty(editor);
  const cells = editor.view.view?.cells;
  const markers = editorMarkers(editor);
  const errors = editor.problems.filter((p) => p.severity === 'error').length;
  const warnings = editor.problems.length - errors;
  const downloadName = stored
    ? alignmentFileName(stored.name, stored.version)
    : editor.source.kind === 'draft'
      ? editor.source.label.replace(/[^\w.-]+/g, '_')
      : 'alignment.rdf';

  return (
    <section
      ref={panel}
      className="panel editor-panel"
      aria-labelledby="editor-title"
      data-testid="alignment-editor"
      onKeyDown={(e) => historyKey(e, undo, redo)}
    >
      <div className="panel-header">
        <h2 id="editor-title">
          {titleOf(editor)}
          {dirty && <span className="badge">edited</span>}
        </h2>
        <div className="toolbar" role="toolbar" aria-label="Alignment actions">
          <ConvertLegacyButton editor={editor} />
          <button type="button" onClick={() => void validate()}>
            Validate
          </button>
          <button
            type="button"
            onClick={() => void upload()}
            disabled={editor.saveOp.state === 'running'}
            aria-keyshortcuts="Control+S"
            title="Store this alignment on the mediator (POST /alignments)"
          >
            Save
          </button>
          <button type="button" onClick={undo} disabled={!canUndo} aria-keyshortcuts="Control+Z">
            Undo
          </button>
          <button type="button" onClick={redo} disabled={!canRedo} aria-keyshortcuts="Control+Shift+Z">
            Redo
          </button>
          <button type="button" onClick={() => void convert().then(() => setTab('turtle'))} disabled={editor.convertOp.state === 'running'}>
            Convert to Turtle cells
          </button>
          <button type="button" onClick={() => void downloadText(downloadName, editor.text, 'application/rdf+xml')}>
            Download
          </button>
          {stored && (
            <button type="button" className="danger" onClick={() => requestDelete(stored)} aria-label={`Delete alignment ${stored.name} ${stored.version}`}>
              Delete…
            </button>
          )}
          <button type="button" onClick={close} aria-label="Close the editor">
            Close
          </button>
        </div>
      </div>
      <OperationStatus op={editor.loadOp} runningText="Loading the alignment…" />
      <OperationStatus op={editor.saveOp} runningText="Uploading…" testId="editor-upload-status" />
      <OperationStatus op={editor.convertOp} runningText="Converting…" showDone={false} />
      <SaveOutcomePanel editor={editor} />
      <LegacyConvertStatus editor={editor} />
      <p className={`validation validation-${editor.validation.state}`} role="status" data-testid="validation-status">
        {editor.validation.state === 'idle' ? '' : editor.validation.message}
        {editor.problems.length > 0 && ` — ${errors} error(s), ${warnings} warning(s)`}
      </p>
      {editor.wellFormed.length > 0 && (
        <p className="hint" data-testid="well-formedness">
          {editor.wellFormed[0]?.message} (line {editor.wellFormed[0]?.line}, column {editor.wellFormed[0]?.column})
        </p>
      )}

      <TabList
        label="Alignment views"
        selected={tab}
        onSelect={setTab}
        tabs={(
          [
            ['source', 'Source'],
            ['cells', `Cells${cells !== undefined ? ` (${cells.length})` : ''}`],
            ['turtle', 'Turtle cells'],
          ] as const
        ).map(([id, label]) => ({ id, label, tabId: `tab-${id}`, panelId: `tabpanel-${id}` }))}
      />

      <div
        role="tabpanel"
        id="tabpanel-source"
        aria-labelledby="tab-source"
        hidden={tab !== 'source'}
        className={`editor-split${problemsHidden ? ' problems-hidden' : ''}`}
      >
        <CodeEditor
          value={editor.text}
          language="xml"
          ariaLabel="Alignment source (XML)"
          testId="alignment-source"
          onChange={setText}
          onUndo={undo}
          onRedo={redo}
          complete={(line) => xmlCompletions(line, iris, prefixesOf(editor.text))}
          markers={markers}
          reveal={reveal}
          minHeight={420}
          autoFocus={cellFocus === undefined}
          wordWrap={wordWrap}
        />
        {!problemsHidden && (
          <aside className="problems-pane" aria-label="Validation problems">
            <h3>Problems</h3>
            <ProblemList problems={markers} onJump={jumpTo} />
          </aside>
        )}
      </div>

      <div role="tabpanel" id="tabpanel-cells" aria-labelledby="tab-cells" hidden={tab !== 'cells'}>
        {/* The list waits for the form's chunk with it: shown first, it moved down under a click
            aimed at it when the form arrived above it (the click was lost). */}
        <Suspense fallback={<p className="hint">Loading the cell form…</p>}>
          {tab === 'cells' && <CellEditor text={editor.text} iris={iris} />}
          <CellList
            view={listView}
            {...(editor.source.kind === 'stored' ? { storedId: editor.source.id } : {})}
            {...(coverageReport === undefined ? {} : { coverage: coverageReport })}
            onShowInSource={jump}
            onRetry={retryView}
            {...(cellFocus === undefined ? {} : { focusedCell: cellFocus.cellId })}
          />
        </Suspense>
      </div>

      <div role="tabpanel" id="tabpanel-turtle" aria-labelledby="tab-turtle" hidden={tab !== 'turtle'}>
        {editor.converted === undefined ? (
          <p className="empty">Use “Convert to Turtle cells” to rewrite RDF/XML cells as Turtle (POST /convert/TTL).</p>
        ) : (
          <>
            <div className="row">
              <button
                type="button"
                onClick={() => void downloadText(downloadName.replace(/(\.rdf)?$/, '.ttl-cells.rdf'), editor.converted ?? '', 'application/rdf+xml')}
              >
                Download converted
              </button>
              <button type="button" onClick={() => setText(editor.converted ?? editor.text)}>
                Use as source
              </button>
            </div>
            {tab === 'turtle' && (
              <CodeEditor value={editor.converted} language="xml" ariaLabel="Alignment with Turtle cells" testId="converted-source" readOnly minHeight={420} />
            )}
          </>
        )}
      </div>
    </section>
  );
}

/**
 * Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y anywhere in the editor panel (the cell form's fields included) go to
 * the one history; Monaco binds the same keys itself (CodeEditor's onUndo), so its events are left alone.
 */
function historyKey(e: KeyboardEvent<HTMLElement>, undo: () => void, redo: () => void): void {
  if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
  if (e.target instanceof Element && e.target.closest('.monaco-editor') !== null) return;
  const key = e.key.toLowerCase();
  if (key !== 'z' && key !== 'y') return;
  e.preventDefault();
  if (key === 'y' || e.shiftKey) redo();
  else undo();
}
