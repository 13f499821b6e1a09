/**
 * Monaco, trimmed to what the workbench uses: the editor API, the XML and SPARQL grammars, the
 * JSON language service, and the everyday editing features. Workers are separate files emitted by
 * Vite (`?worker`), so the page needs no eval and no blob: workers (CSP-friendly). Importing all of
 * `monaco-editor` would add every language and a 4 MB chunk (ecosystem-measurements.md section 7).
 */
import * as monaco from 'monaco-editor/editor/editor.api.js';
import 'monaco-editor/languages/definitions/xml/register.js';
import 'monaco-editor/languages/definitions/sparql/register.js';
import 'monaco-editor/languages/features/json/register.js';
import 'monaco-editor/features/bracketMatching/register.js';
import 'monaco-editor/features/clipboard/register.js';
import 'monaco-editor/features/codicon/register.js';
import 'monaco-editor/features/comment/register.js';
import 'monaco-editor/features/contextmenu/register.js';
import 'monaco-editor/features/cursorUndo/register.js';
import 'monaco-editor/features/find/register.js';
import 'monaco-editor/features/folding/register.js';
import 'monaco-editor/features/gotoError/register.js';
import 'monaco-editor/features/gotoLine/register.js';
import 'monaco-editor/features/hover/register.js';
import 'monaco-editor/features/indentation/register.js';
import 'monaco-editor/features/linesOperations/register.js';
import 'monaco-editor/features/multicursor/register.js';
import 'monaco-editor/features/readOnlyMessage/register.js';
import 'monaco-editor/features/smartSelect/register.js';
import 'monaco-editor/features/suggest/register.js';
// The suggest widget itself (features/suggest registers only inline completions) and the snippet
// controller its snippets need: the alignment editor's completion (issue 39).
import 'monaco-editor/editor/contrib/suggest/browser/suggestController.js';
import 'monaco-editor/editor/contrib/snippet/browser/snippetController2.js';
import 'monaco-editor/features/wordHighlighter/register.js';
import 'monaco-editor/features/wordOperations/register.js';
// The JSON language's worker client (languages/features/json) loads every editor contribution when
// the first JSON model needs it, after the editor services started: the code lens and tree
// drag-and-drop contributions then found no service ("UNKNOWN service ICodeLensCache" on each
// Translate visit, issue 39). Their services are registered here, before any editor exists.
import 'monaco-editor/editor/contrib/codelens/browser/codeLensCache.js';
import 'monaco-editor/editor/common/services/treeViewsDndService.js';
import EditorWorker from 'monaco-editor/editor/editor.worker.js?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker.js?worker';

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

self.MonacoEnvironment = {
  getWorker: (_workerId: string, label: string) => (label === 'json' ? new JsonWorker() : new EditorWorker()),
};

export { monaco };
export type Monaco = typeof monaco;
