import { useEffect, useRef } from 'react';
import type { AlignmentId, CellCoverage } from '../../api/index.js';
import { useWorkbench } from '../../store/index.js';
import { OperationStatus } from '../../ui/OperationStatus.js';
import { SAMPLES } from '../translate/samples/index.js';

/**
 * Cell coverage of a stored alignment (issue 12): counted by the server (POST /coverage) over
 * message files the user picks, or the translate screen's samples; the cell list then shows each
 * cell's heat and can show only the cells that never fired.
 */
export function CoverageControls({
  id,
  neverFiredOnly,
  onNeverFiredOnly,
  messages,
  neverFired,
}: {
  id: AlignmentId;
  neverFiredOnly: boolean;
  onNeverFiredOnly: (on: boolean) => void;
  messages: number | undefined;
  neverFired: number | undefined;
}) {
  const compute = useWorkbench((s) => s.computeCoverage);
  const computeChannel = useWorkbench((s) => s.computeChannelCoverage);
  const loadChannels = useWorkbench((s) => s.loadChannels);
  const channels = useWorkbench((s) => s.channels).filter(
    (c) => (c.inpAlignmentName === id.name && c.inpAlignmentVersion === id.version) || (c.outAlignmentName === id.name && c.outAlignmentVersion === id.version),
  );
  useEffect(() => {
    void loadChannels();
  }, [loadChannels]);
  const op = useWorkbench((s) => s.coverageOp);
  const picker = useRef<HTMLInputElement>(null);
  return (
    <div className="row coverage-controls" aria-label="Cell coverage">
      <strong>Coverage</strong>
      <button type="button" onClick={() => picker.current?.click()}>
        Messages…
      </button>
      <input
        ref={picker}
        type="file"
        multiple
        accept=".json,.jsonld,application/json,application/ld+json"
        aria-label="Coverage messages"
        className="visually-hidden"
        onChange={(e) => {
          const files = [...(e.currentTarget.files ?? [])];
          e.currentTarget.value = '';
          if (files.length > 0) void Promise.all(files.map(async (f) => ({ name: f.name, text: await f.text() }))).then((m) => compute(id, m));
        }}
      />
      <button
        type="button"
        onClick={() =>
          void compute(
            id,
            SAMPLES.map((s) => ({ name: s.label, text: s.text })),
          )
        }
      >
        Use the sample messages
      </button>
      {channels.length > 0 && (
        <label className="field inline">
          <span>Since a channel started</span>
          <select
            value=""
            onChange={(e) => {
              if (e.target.value !== '') void computeChannel(id, Number(e.target.value));
            }}
          >
            <option value="">– channel –</option>
            {channels.map((c) => (
              <option key={c.id} value={c.id}>
                {c.id}: {c.source} → {c.sink}
              </option>
            ))}
          </select>
        </label>
      )}
      {messages !== undefined && (
        <span className="hint" data-testid="coverage-summary">
          {messages} message{messages === 1 ? '' : 's'}; {neverFired} cell{neverFired === 1 ? '' : 's'} never fired
        </span>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={neverFiredOnly} disabled={messages === undefined} onChange={(e) => onNeverFiredOnly(e.target.checked)} /> Only cells
        that never fired
      </label>
      <OperationStatus op={op} runningText="Counting…" testId="coverage-status" />
    </div>
  );
}

/** The heat column of one cell: how often it fired, shaded against the most-fired cell. */
export function CellHeat({ coverage, max, messages }: { coverage: CellCoverage | undefined; max: number; messages: number }) {
  if (coverage === undefined) return <span className="heat" data-testid="cell-heat" data-fired="" aria-label="not counted" />;
  const share = max === 0 ? 0 : coverage.fired / max;
  return (
    <span
      className={`heat${coverage.fired === 0 ? ' never' : ''}`}
      data-testid="cell-heat"
      data-fired={coverage.fired}
      style={{ backgroundColor: coverage.fired === 0 ? undefined : `rgba(214, 92, 30, ${(0.15 + 0.85 * share).toFixed(2)})` }}
      title={`fired ${coverage.fired} time(s), on ${coverage.messages.length} of ${messages} message(s)${coverage.inSteps ? '' : '; in no step'}`}
    >
      {coverage.fired}
    </span>
  );
}
