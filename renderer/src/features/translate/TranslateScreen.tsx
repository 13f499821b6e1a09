import { chainGaps } from './chain-gaps.js';
import { memo, useEffect, useRef, useState } from 'react';
import { formatMs } from '../../ui/format.js';
import { CodeEditor } from '../../editor/CodeEditor.js';
import { useWorkbench } from '../../store/index.js';
import { preloadChunksWhenIdle } from '../../ui/preload-chunks.js';
import { warmGraphDrawing } from '../graph/load-graph.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { TabList } from '../../ui/TabList.js';
import { PayloadDiffView } from './PayloadDiffView.js';
import { PayloadGraphView } from './PayloadGraphView.js';
import { SaveTestCase } from './SaveTestCase.js';
import { SampleSelect } from './SampleSelect.js';
import { SequenceEditor } from './SequenceEditor.js';
import { SuggestCells } from './SuggestCells.js';
import { TraceTable } from './TraceTable.js';

type ResultTab = 'output' | 'diff' | 'graph' | 'trace';

export function TranslateScreen() {
  const loadAlignments = useWorkbench((s) => s.loadAlignments);
  const messageText = useWorkbench((s) => s.messageText);
  const setMessageText = useWorkbench((s) => s.setMessageText);
  const sampleId = useWorkbench((s) => s.sampleId);
  const loadSample = useWorkbench((s) => s.loadSample);
  const autoRun = useWorkbench((s) => s.autoRun);
  const setAutoRun = useWorkbench((s) => s.setAutoRun);
  const run = useWorkbench((s) => s.runTranslation);
  const op = useWorkbench((s) => s.translateOp);
  const loadFile = useWorkbench((s) => s.loadMessageFile);
  const fileName = useWorkbench((s) => s.messageFileName);
  const picker = useRef<HTMLInputElement>(null);
  // A chain that does not meet "succeeds" while translating nothing past the gap: its run is a warning, not a success.
  const gaps = chainGaps(
    useWorkbench((s) => s.sequence),
    useWorkbench((s) => s.alignments),
  );

  const reconnects = useWorkbench((s) => s.reconnects);
  useEffect(() => {
    void loadAlignments();
  }, [loadAlignments, reconnects]);
  // The payload graph tab's library, loaded and warmed up while the user picks a message (issue 27).
  useEffect(() => preloadChunksWhenIdle(window, warmGraphDrawing), []);

  return (
    <div className="screen translate-screen">
      <div className="columns">
        <SequenceEditor />
        <section className="panel message-panel" aria-labelledby="message-title" data-drop-target="message">
          <div className="panel-header">
            <h2 id="message-title">Message</h2>
            <label className="field inline">
              <span>Sample</span>
              <SampleSelect value={sampleId ?? ''} placeholder="– choose a sample message –" onPick={loadSample} />
            </label>
            <button type="button" onClick={() => picker.current?.click()}>
              Open file…
            </button>
            <input
              ref={picker}
              type="file"
              accept=".json,.jsonld,application/json,application/ld+json"
              aria-label="Message file"
              className="visually-hidden"
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                if (file) void file.text().then((text) => loadFile(file.name, text));
              }}
            />
            {fileName !== undefined && <span className="hint">{fileName}</span>}
          </div>
          <CodeEditor value={messageText} language="json" ariaLabel="Message (JSON-LD)" testId="message-editor" onChange={setMessageText} minHeight={320} />
          <div className="row">
            <button type="button" className="primary" onClick={() => void run()} aria-keyshortcuts="Control+Enter">
              Translate
            </button>
            <label className="checkbox">
              <input type="checkbox" checked={autoRun} onChange={(e) => setAutoRun(e.target.checked)} /> Translate automatically after edits
            </label>
            {op.state === 'done' && gaps[0] !== undefined ? (
              <p className="op op-warn" role="status" data-testid="translate-status">
                Translated, but the chain does not meet after step {gaps[0].index + 1}: the steps after it found nothing to translate. Check the order (see the
                warning above).
              </p>
            ) : (
              <OperationStatus op={op} runningText="Translating…" testId="translate-status" />
            )}
            <SaveTestCase />
          </div>
        </section>
      </div>
      <ResultPanel />
      <SuggestCells />
    </div>
  );
}

// A tab switch renders the result panel again with the same result: these two (the diff's rows can
// run to thousands) then skip their render.
const ResultDiff = memo(PayloadDiffView);
const ResultTrace = memo(TraceTable);
const NONE: readonly never[] = [];

function ResultPanel() {
  const lastRun = useWorkbench((s) => s.lastRun);
  const op = useWorkbench((s) => s.translateOp);
  const [tab, setTab] = useState<ResultTab>('diff');
  // The output message's editor and the payload graphs are made when their tab is first shown, then
  // kept (issue 42). Made with every result, a hidden Monaco still tokenized, folded, link-scanned
  // and outlined the whole JSON output on the main thread right after each translation, in the way
  // of the next click; the graphs, back on their tab, are as they were left (zoom, pan, the marked
  // resource), shown in about 40 ms where each visit drew both again (140-170 ms for 500 triples,
  // in the page).
  const [shown, setShown] = useState<ReadonlySet<ResultTab>>(() => new Set([tab]));
  if (!shown.has(tab)) setShown(new Set([...shown, tab]));
  if (lastRun === undefined) {
    return (
      <section className="panel" aria-labelledby="result-title">
        <h2 id="result-title">Result</h2>
        <p className="empty">Choose a sample or type a message, add alignments, then translate.</p>
      </section>
    );
  }
  const { reply, diff } = lastRun;
  return (
    <section className="panel" aria-labelledby="result-title" data-testid="translation-result">
      <div className="panel-header">
        <h2 id="result-title">Result</h2>
        <span className="hint">
          {reply.message} · {lastRun.alignments.map((a) => a.name).join(' → ') || 'no alignments'} · {formatMs(lastRun.elapsedMs)} round trip
        </span>
        {op.state === 'failed' && <span className="badge warn">from the previous successful run</span>}
      </div>
      <TabList
        label="Result views"
        selected={tab}
        onSelect={setTab}
        tabs={(
          [
            ['diff', `Payload diff${diff.ok ? ` (−${diff.diff.removedCount} +${diff.diff.addedCount})` : ''}`],
            ['graph', 'Payload graph'],
            ['trace', `Trace (${reply.trace?.length ?? 0} steps)`],
            ['output', 'Output message'],
          ] as const
        ).map(([id, label]) => ({ id, label, tabId: `result-tab-${id}`, panelId: `result-panel-${id}` }))}
      />
      <div role="tabpanel" id="result-panel-diff" aria-labelledby="result-tab-diff" hidden={tab !== 'diff'}>
        <ResultDiff diff={diff} {...(reply.trace === undefined ? {} : { trace: reply.trace })} />
      </div>
      <div role="tabpanel" id="result-panel-graph" aria-labelledby="result-tab-graph" hidden={tab !== 'graph'}>
        {/* Made when first shown; a new result waits while hidden (a hidden canvas has no size to lay out in). */}
        {shown.has('graph') && <PayloadGraphView graphs={reply.payloadGraphs} visible={tab === 'graph'} />}
      </div>
      <div role="tabpanel" id="result-panel-trace" aria-labelledby="result-tab-trace" hidden={tab !== 'trace'}>
        <ResultTrace trace={reply.trace ?? NONE} failures={reply.failures ?? NONE} />
      </div>
      <div role="tabpanel" id="result-panel-output" aria-labelledby="result-tab-output" hidden={tab !== 'output'}>
        {shown.has('output') && (
          <CodeEditor value={reply.graphStr} language="json" ariaLabel="Output message (read-only)" testId="output-editor" readOnly minHeight={360} />
        )}
      </div>
    </section>
  );
}
