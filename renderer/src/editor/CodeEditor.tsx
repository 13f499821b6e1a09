import { textChange } from '@mediator/core/authoring';
import { useEffect, useRef, useState } from 'react';
import type { Problem } from '../api/index.js';
import { loadMonaco, SHARED_EDITOR_OPTIONS } from './load-monaco.js';
import type { Monaco } from './monaco-setup.js';

type StandaloneEditor = ReturnType<Monaco['editor']['create']>;

export interface RevealTarget {
  readonly line: number;
  readonly column?: number;
  /** Changes on every request, so jumping to the same line twice still moves the cursor. */
  readonly nonce: number;
}

export interface CodeEditorProps {
  readonly value: string;
  readonly language: 'xml' | 'json' | 'sparql' | 'plaintext';
  readonly ariaLabel: string;
  readonly testId: string;
  readonly readOnly?: boolean;
  readonly onChange?: (value: string) => void;
  readonly markers?: readonly Problem[];
  readonly reveal?: RevealTarget | undefined;
  readonly minHeight?: number;
  /** Focus the editor once it is created (a document the user just opened). */
  readonly autoFocus?: boolean;
  /** Wrap long lines at the editor's width instead of scrolling sideways. */
  readonly wordWrap?: boolean;
  /**
   * Ctrl+Z and Ctrl+Shift+Z / Ctrl+Y go to these instead of Monaco's own undo stack, so one
   * history spans the editor and what else edits the same text (the cell form, issue 39).
   */
  readonly onUndo?: () => void;
  readonly onRedo?: () => void;
  /** Completions at the caret, from the line's text before it (the alignment editor's, issue 39). */
  readonly complete?: (lineBefore: string) => readonly EditorCompletion[];
}

export interface EditorCompletion {
  readonly label: string;
  /** Monaco snippet syntax for snippets (`${1:x}`), plain text otherwise. */
  readonly insertText: string;
  readonly kind: 'element' | 'attribute' | 'term' | 'snippet';
  readonly detail: string;
  /** Characters before the caret it replaces. */
  readonly replace: number;
}

interface MarkerView {
  readonly line: number;
  readonly column: number;
  readonly severity: 'error' | 'warning' | 'info';
  readonly message: string;
}

/** A ref that always holds the latest render's value, for callbacks made once (Monaco's, on mount). */
function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}

/** Publishes how many characters a line shows (content width over the character width) now and on each layout change. */
function followColumns(monaco: Monaco, editor: StandaloneEditor, setColumns: (columns: number) => void): { dispose(): void } {
  const measure = () => {
    const { contentWidth, verticalScrollbarWidth } = editor.getLayoutInfo();
    // Monaco's lazily loaded types give getOption's value as any here; fontInfo is documented as FontInfo.
    const fontInfo = editor.getOption(monaco.editor.EditorOption.fontInfo) as { readonly typicalHalfwidthCharacterWidth: number };
    const charWidth = fontInfo.typicalHalfwidthCharacterWidth;
    if (charWidth > 0) setColumns(Math.floor((contentWidth - verticalScrollbarWidth) / charWidth));
  };
  measure();
  return editor.onDidLayoutChange(measure);
}

/** Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y to the caller's history instead of Monaco's own undo stack. */
function bindHistoryKeys(
  monaco: Monaco,
  editor: StandaloneEditor,
  history: { readonly current: { readonly onUndo?: (() => void) | undefined; readonly onRedo?: (() => void) | undefined } },
): void {
  const undo = () => history.current.onUndo?.();
  const redo = () => history.current.onRedo?.();
  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyZ, undo);
  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyMod.Shift | monaco.KeyCode.KeyZ, redo);
  editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyY, redo);
}

/**
 * Monaco as a controlled React component. Typing goes straight into Monaco's model and is reported
 * through `onChange`; a new `value` prop is applied only when it differs from the model (so the
 * store echoing the text back never moves the cursor). Markers set on the model are also listed
 * for screen readers (and tests) below the editor.
 */
export function CodeEditor({
  value,
  language,
  ariaLabel,
  testId,
  readOnly = false,
  onChange,
  markers,
  reveal,
  minHeight = 240,
  autoFocus = false,
  onUndo,
  onRedo,
  complete,
  wordWrap = false,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<StandaloneEditor | undefined>(undefined);
  const monacoRef = useRef<Monaco | undefined>(undefined);
  const applying = useRef(false);
  /** The model's text as last read (undefined once it changed since): each comparison with a new value read all of it. */
  const modelText = useRef<string | undefined>(undefined);
  const onChangeRef = useLatest(onChange);
  const valueRef = useLatest(value);
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | undefined>(undefined);
  const [cursor, setCursor] = useState<{ line: number; column: number }>({ line: 1, column: 1 });
  const [markerViews, setMarkerViews] = useState<readonly MarkerView[]>([]);
  // How many characters a line shows (Monaco's layout: content width over the character width),
  // published as data-columns for the layout tests (issue 39: at least 100 at 1280x800).
  const [columns, setColumns] = useState<number | undefined>(undefined);
  // Tab moves focus out of the editor by default, so keyboard users are never trapped (WCAG 2.1.2);
  // Ctrl+M switches Tab to indenting and back, as the status line says.
  const [tabMovesFocus, setTabMovesFocus] = useState(true);
  // Read when Monaco has loaded (asynchronously): by then the caller may want the focus elsewhere (a linked cell).
  const autoFocusRef = useLatest(autoFocus);
  const historyRef = useLatest({ onUndo, onRedo });
  const completeRef = useLatest(complete);

  // Create the editor once per mount.
  useEffect(() => {
    let disposed = false;
    const disposables: Array<{ dispose(): void }> = [];
    loadMonaco().then(
      (monaco) => {
        if (disposed || host.current === null) return;
        monacoRef.current = monaco;
        const model = monaco.editor.createModel(valueRef.current, language);
        // The model's own switch, for a model made before the configuration says off (the page's first).
        model.updateOptions({ bracketColorizationOptions: { enabled: false, independentColorPoolPerBracketType: false } });
        const editor = monaco.editor.create(host.current, {
          // tabSize 2 and no bracket-pair colouring (load-monaco.ts), for every model.
          ...SHARED_EDITOR_OPTIONS,
          model,
          readOnly,
          ariaLabel,
          automaticLayout: true,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          fontSize: 13,
          renderValidationDecorations: 'on',
          glyphMargin: true,
          fixedOverflowWidgets: true,
          tabFocusMode: true,
          // Monaco dims the number of the empty line after a final newline below WCAG contrast (axe color-contrast).
          renderFinalNewline: 'on',
          // Issue 27: colouring bracket pairs parses the whole document into a bracket tree before the
          // first lines are drawn (XML's brackets are its tags): 130 ms of the first open of a
          // 200-cell alignment in a Chromium trace. Matching the bracket at the cursor stays on.
          // (The model option that matters is set through SHARED_EDITOR_OPTIONS.)
          bracketPairColorization: { enabled: false },
          // Suggestions pop up while typing only where the caller gives completions (the alignment
          // editor, issue 39): elsewhere (a message being typed) they were per-key work and noise.
          quickSuggestions: completeRef.current !== undefined,
          wordBasedSuggestions: completeRef.current !== undefined ? 'currentDocument' : 'off',
        });
        editorRef.current = editor;
        disposables.push(followColumns(monaco, editor, setColumns));
        editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyM, () => setTabMovesFocus((on) => !on));
        if (historyRef.current.onUndo !== undefined) bindHistoryKeys(monaco, editor, historyRef);
        if (autoFocusRef.current) editor.focus();
        if (completeRef.current !== undefined) disposables.push(registerCompletions(monaco, model, completeRef));
        disposables.push(
          editor,
          model,
          model.onDidChangeContent(() => {
            modelText.current = undefined;
            if (applying.current) return;
            const text = model.getValue();
            modelText.current = text;
            onChangeRef.current?.(text);
          }),
          editor.onDidChangeCursorPosition((e) => setCursor({ line: e.position.lineNumber, column: e.position.column })),
          monaco.editor.onDidChangeMarkers((uris) => {
            if (uris.some((u) => u.toString() === model.uri.toString())) setMarkerViews(readMarkers(monaco, model.uri));
          }),
        );
        setReady(true);
      },
      (error: unknown) => setLoadError(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      disposed = true;
      for (const d of disposables.reverse()) d.dispose();
      editorRef.current = undefined;
    };
    // The editor is created once; later prop changes are applied by the effects below.
  }, []);

  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model) return;
    const before = modelText.current ?? model.getValue();
    if (before === value) return;
    applying.current = true;
    try {
      if (readOnly || before.length === 0) model.setValue(value);
      else {
        // An edit operation, not setValue: the user can still undo past a programmatic change
        // (a sample loaded over typed text), and the cursor stays where it was. Only the part that
        // changed is replaced (the cell form's edits, one pattern in a 2.4 MB text, issue 42).
        const { start, end, insert } = textChange(before, value);
        const from = model.getPositionAt(start);
        const to = model.getPositionAt(end);
        const range = { startLineNumber: from.lineNumber, startColumn: from.column, endLineNumber: to.lineNumber, endColumn: to.column };
        const position = editor.getPosition();
        editor.pushUndoStop();
        editor.executeEdits('workbench', [{ range, text: insert }]);
        editor.pushUndoStop();
        if (position) editor.setPosition(model.validatePosition(position));
      }
    } finally {
      applying.current = false;
    }
    // The model's own text: the value itself unless Monaco changed its line ends (a model keeps one
    // kind), read once here rather than at every comparison.
    modelText.current = model.getEOL() === '\n' && !value.includes('\r') ? value : model.getValue();
  }, [value, ready, readOnly]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly, ariaLabel });
  }, [readOnly, ariaLabel, ready]);

  useEffect(() => {
    editorRef.current?.updateOptions({ tabFocusMode: tabMovesFocus });
  }, [tabMovesFocus, ready]);

  useEffect(() => {
    editorRef.current?.updateOptions({ wordWrap: wordWrap ? 'on' : 'off' });
  }, [wordWrap, ready]);

  useEffect(() => {
    const monaco = monacoRef.current;
    const model = editorRef.current?.getModel();
    if (!monaco || !model) return;
    const severity = (p: Problem) => (p.severity === 'warning' ? monaco.MarkerSeverity.Warning : monaco.MarkerSeverity.Error);
    monaco.editor.setModelMarkers(
      model,
      'mediator',
      (markers ?? []).map((p) => {
        const line = Math.min(Math.max(p.line ?? 1, 1), model.getLineCount());
        const column = Math.max(p.column ?? 1, 1);
        const end = Math.max(model.getLineMaxColumn(line), column + 1);
        return {
          severity: severity(p),
          message: p.cellId === undefined ? p.message : `${p.message} (cell ${p.cellId})`,
          code: p.code,
          startLineNumber: line,
          startColumn: column,
          endLineNumber: line,
          endColumn: end,
          source: 'mediator',
        };
      }),
    );
    setMarkerViews(readMarkers(monaco, model.uri));
  }, [markers, ready, value]);

  useEffect(() => {
    const editor = editorRef.current;
    if (!editor || reveal === undefined) return;
    const position = { lineNumber: reveal.line, column: reveal.column ?? 1 };
    editor.revealPositionInCenter(position);
    editor.setPosition(position);
    editor.focus();
  }, [reveal, ready]);

  return (
    <div className="code-editor" data-testid={testId} aria-busy={!ready} data-columns={columns} data-word-wrap={wordWrap ? 'on' : 'off'}>
      {loadError !== undefined && (
        <p role="alert" className="error">
          The editor failed to load: {loadError}
        </p>
      )}
      <div ref={host} className="code-editor-host" style={{ minHeight }} />
      <div className="code-editor-status">
        <span data-testid={`${testId}-cursor`}>
          Ln {cursor.line}, Col {cursor.column}
        </span>
        <span>{language.toUpperCase()}</span>
        {readOnly && <span>read-only</span>}
        <span data-testid={`${testId}-tab-mode`}>{tabMovesFocus ? 'Tab moves focus · Ctrl+M: Tab indents' : 'Tab indents · Ctrl+M: Tab moves focus'}</span>
        <span>
          {markerViews.filter((m) => m.severity === 'error').length} errors, {markerViews.filter((m) => m.severity === 'warning').length} warnings
        </span>
      </div>
      <ul className="visually-hidden" aria-label={`${ariaLabel}: markers`} data-testid={`${testId}-markers`}>
        {markerViews.map((m, i) => (
          <li key={i} data-line={m.line} data-column={m.column} data-severity={m.severity}>
            Line {m.line}, column {m.column}, {m.severity}: {m.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function readMarkers(monaco: Monaco, resource: Parameters<Monaco['editor']['getModelMarkers']>[0]['resource']): MarkerView[] {
  return monaco.editor.getModelMarkers(resource === undefined ? {} : { resource }).map((m) => ({
    line: m.startLineNumber,
    column: m.startColumn,
    severity: m.severity === monaco.MarkerSeverity.Error ? 'error' : m.severity === monaco.MarkerSeverity.Warning ? 'warning' : 'info',
    message: m.message,
  }));
}

type EditorModel = ReturnType<Monaco['editor']['createModel']>;

/** A completion provider for this editor's model only (providers are per language, so it checks whose model asks). */
function registerCompletions(monaco: Monaco, own: EditorModel, complete: { readonly current: CodeEditorProps['complete'] }): { dispose(): void } {
  const kinds = {
    element: monaco.languages.CompletionItemKind.Property,
    attribute: monaco.languages.CompletionItemKind.Field,
    term: monaco.languages.CompletionItemKind.Reference,
    snippet: monaco.languages.CompletionItemKind.Snippet,
  } as const;
  return monaco.languages.registerCompletionItemProvider(own.getLanguageId(), {
    triggerCharacters: ['<', ':', ' '],
    provideCompletionItems(model, position) {
      if (model !== own || complete.current === undefined) return { suggestions: [] };
      const lineBefore = model.getLineContent(position.lineNumber).slice(0, position.column - 1);
      return {
        suggestions: complete.current(lineBefore).map((c) => ({
          label: c.label,
          insertText: c.insertText,
          kind: kinds[c.kind],
          detail: c.detail,
          ...(c.kind === 'snippet' || c.kind === 'attribute' ? { insertTextRules: monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet } : {}),
          range: new monaco.Range(position.lineNumber, position.column - c.replace, position.lineNumber, position.column),
        })),
      };
    },
  });
}
