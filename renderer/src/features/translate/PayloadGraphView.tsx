import { useMemo, useState } from 'react';
import type { PayloadGraphs } from '../../api/index.js';
import { GraphCanvas } from '../graph/GraphCanvas.js';
import { graphModel } from '../graph/graph-model.js';

/** Payloads larger than this open with their literals collapsed into their subjects. */
export const COLLAPSE_LITERALS_ABOVE = 120;

/**
 * The input and output payloads drawn as graphs (issue 12, part 4), from `payloadGraphs` of the
 * trace: removed triples red in the input, added ones green in the output, the producing cell on
 * hover. Kept while hidden (`visible` false), as drawn, zoom and pan included.
 */
export function PayloadGraphView({ graphs: latest, visible = true }: { graphs: PayloadGraphs | undefined; visible?: boolean }) {
  // While hidden, a new result waits: its models are built and drawn when the graphs are shown.
  const [graphs, setGraphs] = useState(latest);
  if (visible && graphs !== latest) setGraphs(latest);
  const large = graphs !== undefined && Math.max(graphs.before.length, graphs.after.length) > COLLAPSE_LITERALS_ABOVE;
  const [collapse, setCollapse] = useState<boolean | undefined>(undefined);
  const collapseLiterals = collapse ?? large;
  const before = useMemo(() => graphs && graphModel({ terms: graphs.terms, triples: graphs.before }, { collapseLiterals }), [graphs, collapseLiterals]);
  const after = useMemo(() => graphs && graphModel({ terms: graphs.terms, triples: graphs.after }, { collapseLiterals }), [graphs, collapseLiterals]);
  // Linked selection (issue 25, point 7): a resource picked here or clicked in either graph is marked in both.
  const [selected, setSelected] = useState<string | undefined>(undefined);
  const resources = useMemo(() => {
    const names = new Map<string, string>();
    for (const n of [...(before?.nodes ?? []), ...(after?.nodes ?? [])]) if (n.kind === 'iri') names.set(n.id, n.label.split('\n')[0] ?? n.id);
    return [...names].sort((a, b) => a[1].localeCompare(b[1]));
  }, [before, after]);
  if (graphs === undefined || before === undefined || after === undefined)
    return <p className="hint">No payload graphs: this server sends none with its trace.</p>;
  const cut = graphs.beforeCount > graphs.before.length || graphs.afterCount > graphs.after.length;
  return (
    <div className="payload-graphs" data-testid="payload-graphs">
      <div className="row">
        <label className="checkbox">
          <input type="checkbox" checked={collapseLiterals} onChange={(e) => setCollapse(e.target.checked)} /> Collapse literals into their subjects
        </label>
        <span className="graph-legend hint">
          <span className="legend-removed">removed</span> <span className="legend-added">added</span> <span className="legend-changed">changed literals</span> ·
          drag to pan, wheel to zoom, hover an added triple for the cell that produced it; Fit keeps labels at least 10 px
        </span>
      </div>
      <div className="row">
        <label className="field inline">
          <span>Mark a resource in both graphs</span>
          <select value={selected ?? ''} onChange={(e) => setSelected(e.target.value === '' ? undefined : e.target.value)}>
            <option value="">– none –</option>
            {resources.map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <span className="hint">or click a node: the same resource is marked in the other graph.</span>
      </div>
      {cut && (
        <p className="hint">
          Showing {graphs.before.length} of {graphs.beforeCount} input and {graphs.after.length} of {graphs.afterCount} output triples (changed ones first).
        </p>
      )}
      <div className="graph-pair">
        {(
          [
            ['input-graph', before, `Input payload (${before.removed} removed)`],
            ['output-graph', after, `Output payload (${after.added} added)`],
          ] as const
        ).map(([testId, model, label]) => (
          <GraphCanvas key={testId} model={model} label={label} testId={testId} selected={selected} onSelect={setSelected} visible={visible} />
        ))}
      </div>
    </div>
  );
}
