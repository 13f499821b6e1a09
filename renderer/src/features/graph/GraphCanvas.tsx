import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { DrawnGraph, Hover } from './cytoscape-draw.js';
import type { GraphModel } from './graph-model.js';
import { inDrawingQueue, loadGraphDrawing } from './load-graph.js';
import './graph.css';

export interface GraphCanvasProps {
  readonly model: GraphModel;
  readonly label: string;
  readonly testId?: string;
  readonly height?: number;
  /** The node selected in this graph or its twin (linked selection of the payload graphs): highlighted here when present. */
  readonly selected?: string | undefined;
  readonly onSelect?: (id: string | undefined) => void;
  /**
   * False while the graph's panel is hidden (default true): what is drawn is kept, zoom and pan
   * included, and sized again when shown. The parent keeps the model unchanged meanwhile: a
   * hidden container has no size to lay a graph out in.
   */
  readonly visible?: boolean;
}

const LOADING = { state: 'loading' } as const;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * `ready`: the fitted view is drawn (`ms` after the drawing started, `firstFrame` elements);
 * `completeMs` once the parts out of view are drawn too (a large graph's later frames, cytoscape-draw.ts).
 */
type DrawState =
  | { readonly state: 'loading' }
  | { readonly state: 'ready'; readonly ms: number; readonly firstFrame: number; readonly completeMs?: number }
  | { readonly state: 'failed'; readonly message: string };

/**
 * One graph, drawn on a canvas (pan by dragging, zoom with the wheel or the buttons). The element
 * says what it shows in `aria-label` and its counts and state in data attributes (tests and the UI
 * benchmark read `data-state` and `data-draw-ms`: layout and first paint of the fitted view, library
 * load excluded; `data-complete-ms`: every element drawn; `data-first-frame`: the elements the
 * fitted view's frame drew).
 */
export function GraphCanvas({ model, label, testId, height = 420, selected, onSelect, visible = true }: GraphCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const drawn = useRef<DrawnGraph | undefined>(undefined);
  // What the drawing of a model came to: a new model reads as loading from its first render on,
  // never as the state of the drawing it replaces.
  const [result, setResult] = useState<{ readonly of: GraphModel; readonly draw: DrawState } | undefined>(undefined);
  const draw: DrawState = result?.of === model ? result.draw : LOADING;
  const [hover, setHover] = useState<Hover | undefined>(undefined);
  const [labelPx, setLabelPx] = useState<number | undefined>(undefined);
  const [linked, setLinked] = useState(0);
  // The latest callback, without redrawing the graph when the parent's function changes.
  const select = useRef(onSelect);
  select.current = onSelect;

  useEffect(() => {
    let cancelled = false;
    const setDraw = (state: DrawState) => setResult({ of: model, draw: state });
    setHover(undefined);
    void loadGraphDrawing()
      .then(({ drawGraph }) =>
        inDrawingQueue(async () => {
          const el = container.current;
          if (cancelled || el === null) return;
          const started = performance.now();
          const graph = await drawGraph(el, model, {
            onHover: setHover,
            onSelect: (id) => select.current?.(id),
            onLabelPx: (px) => setLabelPx(Math.round(px * 10) / 10),
          });
          if (cancelled) {
            graph.destroy();
            return;
          }
          drawn.current = graph;
          const ms = Math.round(performance.now() - started);
          const { firstFrame } = graph;
          setDraw({ state: 'ready', ms, firstFrame });
          // The rest in the drawing queue: after the other graph's view, which the user sees first.
          void inDrawingQueue(() => graph.complete()).then(
            () => {
              if (!cancelled) setDraw({ state: 'ready', ms, firstFrame, completeMs: Math.round(performance.now() - started) });
            },
            (error: unknown) => {
              if (!cancelled) setDraw({ state: 'failed', message: messageOf(error) });
            },
          );
        }),
      )
      .catch((error: unknown) => {
        if (!cancelled) setDraw({ state: 'failed', message: messageOf(error) });
      });
    return () => {
      cancelled = true;
      drawn.current?.destroy();
      drawn.current = undefined;
    };
  }, [model]);

  // Shown again: the canvas takes its container's size before the browser paints.
  useLayoutEffect(() => {
    if (visible) drawn.current?.resize();
  }, [visible]);

  const ready = draw.state === 'ready';
  useEffect(() => {
    if (ready) setLinked(drawn.current?.select(selected) ?? 0);
  }, [ready, selected]);

  return (
    <figure className="graph-canvas">
      <figcaption>
        <span>{label}</span>
        <span className="hint">
          {model.nodes.length} nodes, {model.edges.length} edges
        </span>
        <span className="graph-buttons">
          <button type="button" aria-label={`Zoom in on ${label}`} onClick={() => drawn.current?.zoom(1.25)}>
            +
          </button>
          <button type="button" aria-label={`Zoom out of ${label}`} onClick={() => drawn.current?.zoom(0.8)}>
            −
          </button>
          <button type="button" aria-label={`Fit ${label}`} onClick={() => drawn.current?.fit()}>
            Fit
          </button>
        </span>
      </figcaption>
      {/* The library reports no mouseout when the pointer leaves the canvas itself. */}
      <div className="graph-stage" style={{ height }} onMouseLeave={() => setHover(undefined)}>
        <div
          ref={container}
          className="graph-surface"
          role="img"
          aria-label={label}
          data-testid={testId}
          data-state={draw.state}
          data-draw-ms={draw.state === 'ready' ? draw.ms : undefined}
          data-complete-ms={draw.state === 'ready' ? draw.completeMs : undefined}
          data-first-frame={draw.state === 'ready' ? draw.firstFrame : undefined}
          data-nodes={model.nodes.length}
          data-edges={model.edges.length}
          data-added={model.added}
          data-removed={model.removed}
          data-label-px={labelPx}
          data-selected={selected}
          data-linked={linked}
        />
        {draw.state === 'loading' && <p className="graph-overlay hint">Drawing…</p>}
        {draw.state === 'failed' && <p className="graph-overlay error">Could not draw the graph: {draw.message}</p>}
        {hover !== undefined && (
          <div role="tooltip" className="graph-tooltip" data-testid="graph-tooltip" style={{ left: hover.x + 12, top: hover.y + 12 }}>
            {hover.text}
          </div>
        )}
      </div>
    </figure>
  );
}
