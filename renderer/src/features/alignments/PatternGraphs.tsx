import { useEffect, useState } from 'react';
import type { ViewCell } from '../../api/index.js';
import { GraphCanvas } from '../graph/GraphCanvas.js';
import { graphModel, type GraphModel } from '../graph/graph-model.js';
import type { Prefix } from '../graph/prefixed-name.js';

type Models =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly entity1: GraphModel; readonly entity2: GraphModel }
  | { readonly state: 'failed'; readonly message: string };

/**
 * A cell's entity1 and entity2 patterns drawn as graphs, the way the translate screen draws payloads
 * (issue 12, part 4). The Turtle parser comes with the graph chunk, on the first cell drawn.
 */
export function PatternGraphs({ cell, prefixes }: { cell: ViewCell; prefixes: readonly Prefix[] }) {
  const [models, setModels] = useState<Models>({ state: 'loading' });
  useEffect(() => {
    let cancelled = false;
    void import('../graph/pattern-graph.js')
      .then(({ patternGraph }) => {
        const draw = (turtle: string) => graphModel(patternGraph(turtle, prefixes), { collapseLiterals: false });
        if (!cancelled) setModels({ state: 'ready', entity1: draw(cell.entity1.turtle), entity2: draw(cell.entity2.turtle) });
      })
      .catch((error: unknown) => {
        if (!cancelled) setModels({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return () => {
      cancelled = true;
    };
  }, [cell, prefixes]);
  if (models.state === 'loading') return <p className="hint">Reading the patterns…</p>;
  if (models.state === 'failed') return <p className="hint">Cannot draw the patterns: {models.message}</p>;
  return (
    <div className="graph-pair pattern-graphs" data-testid="pattern-graphs">
      <GraphCanvas model={models.entity1} label={`entity1 of ${cell.id}`} testId="entity1-graph" height={240} />
      <GraphCanvas model={models.entity2} label={`entity2 of ${cell.id}`} testId="entity2-graph" height={240} />
    </div>
  );
}
