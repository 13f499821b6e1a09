import { useState } from 'react';
import type { AlignmentId, PayloadDiff } from '../../api/index.js';
import { CodeEditor } from '../../editor/CodeEditor.js';
import { alignmentKey, parseAlignmentKey, useWorkbench, type SuggestionPair } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { SuggestQuestionsDialog } from './SuggestQuestionsDialog.js';

/**
 * "Suggest cells" on Translate (issue 30): the current message and the output the engineer wants
 * (edited from today's translation, or from empty) become an example; the suggested alignment is
 * shown read-only beside what it still gets wrong, its questions are asked in a dialog, and it is
 * saved as a new alignment or a new version of one of the chain; the example becomes a suite case.
 */
export function SuggestCells() {
  const [open, setOpen] = useState(false);
  const messageText = useWorkbench((s) => s.messageText);
  const today = useWorkbench((s) => s.lastRun?.reply.graphStr);
  const close = useWorkbench((s) => s.closeSuggestion);
  const [expected, setExpected] = useState('');

  return (
    <section className="panel suggest-panel" aria-labelledby="suggest-title">
      <div className="panel-header">
        <h2 id="suggest-title">Cells from examples</h2>
        {!open ? (
          <button
            type="button"
            disabled={messageText.trim() === ''}
            title={messageText.trim() === '' ? 'Type or choose a message first' : 'Suggest cells that translate this message to the output you want'}
            onClick={() => {
              setExpected(today ?? messageText);
              setOpen(true);
            }}
          >
            Suggest cells…
          </button>
        ) : (
          <button
            type="button"
            onClick={() => {
              close();
              setOpen(false);
            }}
          >
            Close suggestion
          </button>
        )}
      </div>
      {open && <SuggestWorkspace expected={expected} setExpected={setExpected} today={today ?? messageText} />}
    </section>
  );
}

function SuggestWorkspace({ expected, setExpected, today }: { expected: string; setExpected: (text: string) => void; today: string }) {
  const request = useWorkbench((s) => s.requestSuggestion);
  const op = useWorkbench((s) => s.suggestOp);
  const questions = useWorkbench((s) => s.suggestion?.reply.questions) ?? [];
  const messageText = useWorkbench((s) => s.messageText);
  const [name, setName] = useState('suggested_alignment');
  const [version, setVersion] = useState('1.0');
  const [asking, setAsking] = useState(false);
  const [more, setMore] = useState<SuggestionPair[]>([]);
  const [hint, setHint] = useState('');
  const suggest = (): void => {
    // A wanted output left as it came is no example of a change: say so instead of suggesting nothing.
    const unchanged = [expected === today || expected === messageText, ...more.map((m) => m.expected.trim() === '' || m.expected === m.input)];
    const first = unchanged.findIndex((u) => u);
    if (first >= 0) {
      setHint(`Edit the wanted output first (example ${first + 1} is unchanged)`);
      return;
    }
    setHint('');
    void request(expected, name, version, more);
  };
  const answerable = questions.filter((q) => q.kind === 'ambiguous-source');
  const notes = questions.filter((q) => q.kind !== 'ambiguous-source');

  return (
    <div className="suggest-workspace">
      <div className="row">
        <button type="button" onClick={() => setExpected(today)}>
          Start from today’s translation
        </button>
        <button type="button" onClick={() => setExpected('')}>
          Start empty
        </button>
        <label className="field inline">
          <span>Alignment name</span>
          <input value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="field inline">
          <span>Version</span>
          <input value={version} onChange={(e) => setVersion(e.target.value)} size={6} />
        </label>
      </div>
      <CodeEditor
        value={expected}
        language="json"
        ariaLabel="Expected output (JSON-LD)"
        testId="expected-output-editor"
        onChange={setExpected}
        minHeight={240}
      />
      <div className="row">
        <button type="button" className="primary" disabled={expected.trim() === ''} onClick={suggest}>
          Suggest
        </button>
        <OperationStatus op={op} runningText="Suggesting…" testId="suggest-status" />
        {hint !== '' && (
          <span role="status" data-testid="suggest-hint">
            {hint}
          </span>
        )}
        {answerable.length > 0 && (
          <button type="button" onClick={() => setAsking(true)}>
            Answer questions ({answerable.length})
          </button>
        )}
      </div>
      <MoreExamples more={more} setMore={setMore} />
      {notes.length > 0 && (
        <ul className="suggest-notes" aria-label="Notes on the suggestion">
          {notes.map((q) => (
            <li key={q.id}>{q.message}</li>
          ))}
        </ul>
      )}
      <SuggestionResult />
      {asking && (
        <SuggestQuestionsDialog
          questions={answerable}
          onClose={() => setAsking(false)}
          messages={[expected, messageText, ...more.flatMap((m) => [m.input, m.expected])]}
        />
      )}
    </div>
  );
}

/** The suggested alignment beside what still differs, per example when there are several, and how to save it. */
function SuggestionResult() {
  const suggestion = useWorkbench((s) => s.suggestion);
  if (suggestion === undefined) return null;
  return (
    <>
      <div className="columns">
        <section className="panel" aria-labelledby="suggested-title">
          <h3 id="suggested-title">Suggested alignment</h3>
          <CodeEditor
            value={suggestion.reply.alignment}
            language="xml"
            ariaLabel="Suggested alignment (read-only)"
            testId="suggested-editor"
            readOnly
            minHeight={320}
          />
        </section>
        <RemainingDifference diff={suggestion.reply.remaining[0]} />
      </div>
      {suggestion.more.length > 0 && <ExampleChecks remaining={suggestion.reply.remaining} />}
      <SaveSuggestion />
      <SaveSuggestionCase />
    </>
  );
}

/**
 * More examples (issue 41): each an input message and the output wanted for it, typed or loaded
 * from a file. More examples make the suggestion more general and settle its questions.
 */
function MoreExamples({ more, setMore }: { more: SuggestionPair[]; setMore: (m: SuggestionPair[]) => void }) {
  const update = (i: number, change: Partial<SuggestionPair>): void => setMore(more.map((m, j) => (j === i ? { ...m, ...change } : m)));
  const load = async (i: number, which: keyof SuggestionPair, files: FileList | null): Promise<void> => {
    const file = files?.[0];
    if (file !== undefined) update(i, { [which]: await file.text() });
  };
  return (
    <section className="suggest-examples" aria-labelledby="more-examples-title">
      <div className="row">
        <h3 id="more-examples-title">More examples ({more.length + 1} in all)</h3>
        <button type="button" onClick={() => setMore([...more, { input: '', expected: '' }])}>
          Add example
        </button>
      </div>
      {more.map((m, i) => (
        <fieldset key={i} className="suggest-example">
          <legend>Example {i + 2}</legend>
          {(['input', 'expected'] as const).map((which) => {
            const label = `${which === 'input' ? 'Input message' : 'Wanted output'} of example ${i + 2}`;
            return (
              <div key={which}>
                <label className="field">
                  <span>{label}</span>
                  <textarea value={m[which]} onChange={(e) => update(i, { [which]: e.target.value })} spellCheck={false} />
                </label>
                <label className="field inline">
                  <span>
                    Load {which === 'input' ? 'input' : 'wanted output'} of example {i + 2} from a file
                  </span>
                  <input type="file" accept=".json,.jsonld,application/json" onChange={(e) => void load(i, which, e.target.files)} />
                </label>
              </div>
            );
          })}
          <button type="button" onClick={() => setMore(more.filter((_, j) => j !== i))}>
            Remove example {i + 2}
          </button>
        </fieldset>
      ))}
    </section>
  );
}

/** Per example, whether the suggestion reproduces it, and what still differs when it does not. */
function ExampleChecks({ remaining }: { remaining: readonly PayloadDiff[] }) {
  return (
    <ul className="suggest-examples" aria-label="Examples reproduced">
      {remaining.map((d, i) => {
        const off = d.removedCount + d.addedCount;
        return (
          <li key={i}>
            Example {i + 1}: {off === 0 ? 'reproduced' : `not reproduced (${d.addedCount} triple(s) missing, ${d.removedCount} not wanted)`}
            {off > 0 && (
              <ul aria-label={`Differences of example ${i + 1}`}>
                {d.added.map((t, j) => (
                  <li key={`a${j}`}>
                    <code>+ {t.display}</code>
                  </li>
                ))}
                {d.removed.map((t, j) => (
                  <li key={`r${j}`}>
                    <code>− {t.display}</code>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function RemainingDifference({ diff }: { diff: PayloadDiff | undefined }) {
  return (
    <section className="panel" aria-labelledby="remaining-title">
      <h3 id="remaining-title">Remaining difference</h3>
      {diff === undefined || diff.removedCount + diff.addedCount === 0 ? (
        <p>None: the suggestion translates the message to the expected output.</p>
      ) : (
        <>
          <p>
            {diff.addedCount} triple(s) missing, {diff.removedCount} not wanted.
          </p>
          <ul aria-label="Missing triples">
            {diff.added.map((t, i) => (
              <li key={`a${i}`}>
                <code>+ {t.display}</code>
              </li>
            ))}
          </ul>
          <ul aria-label="Triples not wanted">
            {diff.removed.map((t, i) => (
              <li key={`r${i}`}>
                <code>− {t.display}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function SaveSuggestion() {
  const sequence = useWorkbench((s) => s.sequence);
  const save = useWorkbench((s) => s.saveSuggestion);
  const op = useWorkbench((s) => s.saveSuggestionOp);
  const editor = useWorkbench((s) => s.editor?.source);
  const [target, setTarget] = useState('new');
  const of: AlignmentId | undefined = target === 'new' || target === 'cells' ? undefined : parseAlignmentKey(target);
  return (
    <form
      className="row"
      aria-label="Save the suggestion"
      onSubmit={(e) => {
        e.preventDefault();
        void save(target === 'cells' ? { kind: 'cells' } : of === undefined ? { kind: 'new' } : { kind: 'version', of });
      }}
    >
      <label className="field inline">
        <span>Save as</span>
        <select value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="new">a new alignment</option>
          {sequence.map((id) => (
            <option key={alignmentKey(id)} value={alignmentKey(id)}>
              a new version of {id.name} {id.version}
            </option>
          ))}
          {editor !== undefined && (
            <option value="cells">
              cells added to the open alignment ({editor.kind === 'stored' ? `${editor.id.name} ${editor.id.version}` : editor.label})
            </option>
          )}
        </select>
      </label>
      <button type="submit">Save suggestion</button>
      <OperationStatus op={op} runningText="Saving…" testId="save-suggestion-status" />
    </form>
  );
}

function SaveSuggestionCase() {
  const suites = useWorkbench((s) => s.suites);
  const suggested = useWorkbench((s) => s.sampleId ?? s.messageFileName?.replace(/\.[^.]*$/, '') ?? 'example');
  const save = useWorkbench((s) => s.saveSuggestionAsCase);
  const op = useWorkbench((s) => s.suggestionCaseOp);
  const [suite, setSuite] = useState(suites[0]?.name ?? 'examples');
  const [name, setName] = useState(suggested);
  return (
    <form
      className="row"
      aria-label="Save the example as a suite case"
      onSubmit={(e) => {
        e.preventDefault();
        void save(suite.trim(), name.trim());
      }}
    >
      <label className="field inline">
        <span>Suite</span>
        <input value={suite} onChange={(e) => setSuite(e.target.value)} required />
      </label>
      <label className="field inline">
        <span>Case name</span>
        <input value={name} onChange={(e) => setName(e.target.value)} required />
      </label>
      <button type="submit" disabled={suite.trim() === '' || name.trim() === ''}>
        Save as suite case
      </button>
      <OperationStatus op={op} runningText="Saving…" testId="suggestion-case-status" />
    </form>
  );
}
