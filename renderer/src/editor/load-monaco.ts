import { followSystemTheme } from './monaco-theme.js';
import type { Monaco } from './monaco-setup.js';

let loading: Promise<Monaco> | undefined;

/**
 * Monaco is a separate chunk, loaded on the first editor shown or when the page is first idle
 * (ui/preload-chunks.ts): the shell and tables render first. A failed load is forgotten, so the
 * next editor tries again.
 */
export function loadMonaco(): Promise<Monaco> {
  loading ??= import('./monaco-setup.js').then(
    (m) => {
      followSystemTheme(m.monaco, typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-color-scheme: dark)') : undefined);
      return m.monaco;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * Editor options that Monaco also writes to its configuration, shared by every model (issue 42).
 * Bracket-pair colouring is a model option that the configuration sets on each model again whenever
 * an editor's options change it (a first editor's tabSize, a later wordWrap): under its nested key
 * (`bracketPairColorization` alone is not a configuration key) the configuration itself says off,
 * so no model parses its whole text into a bracket tree for colours before its first lines are
 * drawn (60 ms of the first open of a 200-cell alignment in a Chromium profile; issue 27 had
 * switched it off per model, which the first editor's configuration change switched on again).
 */
export const SHARED_EDITOR_OPTIONS: Readonly<Record<string, unknown>> = { tabSize: 2, 'bracketPairColorization.enabled': false };

let warmed: Promise<void> | undefined;

/** A few lines of alignment XML: enough for the warm-up to tokenize and draw what an alignment's first lines use. */
const WARM_UP_XML = `<?xml version="1.0" encoding="UTF-8"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:align="http://knowledgeweb.semanticweb.org/heterogeneity/alignment#">
  <align:Alignment>
    <!-- warm-up -->
    <align:map><align:Cell rdf:about="http://example.org/cell"/></align:map>
  </align:Alignment>
</rdf:RDF>
`;

/**
 * Issue 42: the first editor of the page paid for Monaco's start-up on the click that opened it:
 * the editor services created on first use, every contribution's code compiled, the font measured
 * (forced layouts) and the XML grammar fetched (its chunk was requested only when the first XML
 * model existed, then waited behind the alignment's own download): 200 ms of main thread in the
 * click's task and a round trip in a Chromium trace of the first open of a 200-cell alignment.
 * Run by the idle-time preload (main.tsx) after loadMonaco: one editor, out of sight, on a small
 * XML model, drawn for one frame and disposed. Once per page; a failure is not an error (the first
 * real editor does the same work itself).
 */
/** Builds the editor's suggest widget now (Monaco's suggest controller makes it lazily, as an idle-time value). */
function suggestWidgetOf(editor: { getContribution(id: string): unknown }): void {
  const controller = editor.getContribution('editor.contrib.suggestController') as { widget?: { value?: unknown } } | null;
  void controller?.widget?.value;
}

export function warmUpMonaco(): Promise<void> {
  warmed ??= loadMonaco().then(async (monaco) => {
    const host = document.createElement('div');
    host.setAttribute('aria-hidden', 'true');
    // Laid out (Monaco measures and draws only in a sized element) but off screen and inert.
    host.style.cssText = 'position:fixed;left:-10000px;top:0;width:600px;height:200px;visibility:hidden;pointer-events:none';
    document.body.append(host);
    const model = monaco.editor.createModel(WARM_UP_XML, 'xml');
    const editor = monaco.editor.create(host, { ...SHARED_EDITOR_OPTIONS, model, fontSize: 13, minimap: { enabled: false }, glyphMargin: true });
    try {
      // The XML grammar arrives asynchronously; the next frames tokenize and draw with it.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await new Promise((resolve) => requestAnimationFrame(resolve));
      // In a separate task: the suggest widget, which every editor builds when the page is next
      // idle. Built cold, by the first alignment's editor while its text was on its way, it was 170 ms
      // of main thread (a list widget, its styles) that the arriving text waited behind.
      await new Promise((resolve) => setTimeout(resolve, 0));
      suggestWidgetOf(editor);
    } finally {
      editor.dispose();
      model.dispose();
      host.remove();
    }
  });
  return warmed;
}
