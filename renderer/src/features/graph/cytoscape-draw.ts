/**
 * The drawing itself: cytoscape.js on a canvas with the dagre layered layout (left to right, as a
 * triple reads). A separate chunk, imported on the first graph shown (load-graph.ts), so the first
 * screen stays fast. Chosen over React Flow + elkjs after measuring both (README, "The workbench UI"):
 * about as fast to lay out and draw 500 triples, a third of the download, and a canvas that pans
 * and zooms large graphs smoothly where React Flow keeps a DOM element per node.
 */
import cytoscape from 'cytoscape';
import dagre from 'cytoscape-dagre';
import type { GraphModel } from './graph-model.js';
import { warmUpModel } from './warm-up-model.js';

cytoscape.use(dagre);

export interface Hover {
  readonly text: string;
  /** Position in the container, px. */
  readonly x: number;
  readonly y: number;
}

export interface DrawnGraph {
  fit(): void;
  zoom(factor: number): void;
  /** Marks the node of that id (a term shared by both payload graphs) as selected; answers how many nodes it marked (0 or 1). */
  select(id: string | undefined): number;
  destroy(): void;
}

export interface DrawCallbacks {
  readonly onHover: (hover: Hover | undefined) => void;
  /** A node was clicked (its id), or the background (undefined). */
  readonly onSelect?: (id: string | undefined) => void;
  /** The smallest label's size on screen, px, after every zoom (issue 25: at least 10 at Fit). */
  readonly onLabelPx?: (px: number) => void;
}

const FONT = 11;
const EDGE_FONT = 10;
/** The smallest label size Fit allows, px: a large graph is fitted no smaller, and is panned instead. */
export const MIN_LABEL_PX = 10;
const READABLE_ZOOM = MIN_LABEL_PX / Math.min(FONT, EDGE_FONT);
const CHAR = 6.4; // mean glyph width of the 11 px monospace label font
const LINE = 14;

function nodeSize(label: string): { w: number; h: number } {
  const lines = label.split('\n');
  return { w: Math.max(...lines.map((l) => l.length)) * CHAR + 16, h: lines.length * LINE + 10 };
}

const STYLE: cytoscape.StylesheetJson = [
  {
    selector: 'node',
    style: {
      shape: 'round-rectangle',
      width: 'data(w)',
      height: 'data(h)',
      label: 'data(label)',
      'text-wrap': 'wrap',
      'text-valign': 'center',
      'text-halign': 'center',
      'text-justification': 'left',
      'font-family': 'ui-monospace, monospace',
      'font-size': FONT,
      'line-height': LINE / FONT,
      color: '#1f2328',
      'background-color': '#eef2f7',
      'border-width': 1,
      'border-color': '#8c959f',
    },
  },
  { selector: 'node[kind = "blank"]', style: { 'background-color': '#f6f8fa', 'border-style': 'dashed' } },
  { selector: 'node[kind = "literal"]', style: { shape: 'rectangle', 'background-color': '#fff8e1' } },
  {
    selector: 'edge',
    style: {
      width: 1.2,
      'curve-style': 'bezier',
      'target-arrow-shape': 'triangle',
      'arrow-scale': 0.8,
      'line-color': '#8c959f',
      'target-arrow-color': '#8c959f',
      label: 'data(label)',
      'font-size': EDGE_FONT,
      'font-family': 'ui-monospace, monospace',
      'text-rotation': 'autorotate',
      'text-background-color': '#ffffff',
      'text-background-opacity': 0.85,
      'text-background-padding': '1px',
      color: '#57606a',
    },
  },
  {
    selector: '.added',
    style: { 'line-color': '#1a7f37', 'target-arrow-color': '#1a7f37', 'border-color': '#1a7f37', 'background-color': '#dafbe1', color: '#116329' },
  },
  { selector: 'edge.added', style: { width: 2.5 } },
  { selector: 'node.added, node.removed, node.changed', style: { 'border-width': 2.5 } },
  {
    selector: '.removed',
    style: { 'line-color': '#cf222e', 'target-arrow-color': '#cf222e', 'border-color': '#cf222e', 'background-color': '#ffebe9', color: '#a40e26' },
  },
  { selector: 'edge.removed', style: { width: 2.5, 'line-style': 'dashed' } },
  { selector: 'node.changed', style: { 'border-color': '#bf8700' } },
  { selector: '.hovered', style: { 'underlay-color': '#0969da', 'underlay-opacity': 0.25, 'underlay-padding': 4 } },
  {
    selector: 'node.linked',
    style: { 'underlay-color': '#8250df', 'underlay-opacity': 0.45, 'underlay-padding': 6, 'border-width': 3, 'border-color': '#8250df' },
  },
];

/** Graphs up to this many nodes + edges get the layered layout; larger ones the linear-time one. */
export const LAYERED_LAYOUT_LIMIT = 300;

/**
 * dagre's layered layout reads best (left to right, as triples read) but grows much faster than
 * linearly: measured in headless cytoscape here, 0.3 s for 190 elements, 1.2-1.5 s for 570 and 12 s
 * for 1,270. Above the limit, cytoscape's breadth-first layout (linear, 0.35 s for 570 elements)
 * with its levels turned to run left to right too.
 */
function layoutFor(elements: number): cytoscape.LayoutOptions {
  // No fit here: drawGraph fits once itself, with its own bounds on the zoom.
  const common = { fit: false, padding: 16, animate: false };
  if (elements <= LAYERED_LAYOUT_LIMIT) {
    return { name: 'dagre', rankDir: 'LR', nodeSep: 12, rankSep: 70, edgeSep: 6, ...common } as cytoscape.LayoutOptions;
  }
  return {
    name: 'breadthfirst',
    directed: true,
    spacingFactor: 1.1,
    ...common,
    transform: (_node: cytoscape.NodeSingular, position: cytoscape.Position) => ({ x: position.y * 2.5, y: position.x / 2 }),
  };
}

/** Draws the model into `container`; resolves once laid out and painted. */
export function drawGraph(container: HTMLElement, model: GraphModel, callbacks: DrawCallbacks): Promise<DrawnGraph> {
  const { onHover, onSelect, onLabelPx } = callbacks;
  const large = model.nodes.length + model.edges.length > 400;
  const cy = cytoscape({
    container,
    elements: [
      ...model.nodes.map((n) => ({ group: 'nodes' as const, data: { ...n, ...nodeSize(n.label) }, classes: n.change ?? '' })),
      ...model.edges.map((e) => ({ group: 'edges' as const, data: { ...e }, classes: e.change ?? '' })),
    ],
    style: STYLE,
    minZoom: 0.05,
    maxZoom: 4,
    // Large graphs: pan and zoom a snapshot, redraw when the gesture ends.
    textureOnViewport: large,
    hideEdgesOnViewport: large,
    boxSelectionEnabled: false,
    autoungrabify: true,
    // Without a layout here cytoscape runs its default, a fitted grid: a whole layout, style and
    // bounding-box pass thrown away by ours below (a third of the first graph tab's time in a
    // Chromium trace, issue 27). The null layout only places the nodes at the origin.
    layout: { name: 'null' },
  });
  cy.on('mouseover', 'node, edge', (event) => {
    const target = event.target as cytoscape.SingularElementReturnValue;
    target.addClass('hovered');
    const at = event.renderedPosition ?? { x: 0, y: 0 };
    onHover({ text: String(target.data('title')), x: at.x, y: at.y });
  });
  cy.on('mouseout', 'node, edge', (event) => {
    (event.target as cytoscape.SingularElementReturnValue).removeClass('hovered');
    onHover(undefined);
  });
  cy.on('tap', (event) => {
    const target = event.target as cytoscape.SingularElementReturnValue | cytoscape.Core;
    onSelect?.(target !== cy && 'isNode' in target && target.isNode() ? target.id() : undefined);
  });
  cy.on('zoom', () => onLabelPx?.(Math.min(FONT, EDGE_FONT) * cy.zoom()));
  // Fitting a small graph would blow its labels up to poster size: fit, but no closer than 1.2.
  // Fitting a large one would shrink its labels below reading size (4 px for 500 triples, issue 25):
  // no smaller than MIN_LABEL_PX, starting at the graph's left and top edges; the rest is panned to.
  const fit = () => {
    cy.fit(undefined, 16);
    if (cy.zoom() > 1.2) {
      cy.zoom(1.2);
      cy.center();
    } else if (cy.zoom() < READABLE_ZOOM) {
      cy.zoom(READABLE_ZOOM);
      const box = cy.elements().boundingBox();
      cy.pan({ x: 16 - box.x1 * READABLE_ZOOM, y: 16 - box.y1 * READABLE_ZOOM });
    }
    onLabelPx?.(Math.min(FONT, EDGE_FONT) * cy.zoom());
  };
  const drawn: DrawnGraph = {
    fit,
    zoom: (factor) => cy.zoom({ level: cy.zoom() * factor, renderedPosition: { x: container.clientWidth / 2, y: container.clientHeight / 2 } }),
    select: (id) => {
      cy.nodes('.linked').removeClass('linked');
      if (id === undefined) return 0;
      const node = cy.getElementById(id);
      if (node.empty() || !node.isNode()) return 0;
      node.addClass('linked');
      return 1;
    },
    destroy: () => cy.destroy(),
  };
  return new Promise((resolve) => {
    const layout = cy.layout(layoutFor(model.nodes.length + model.edges.length));
    layout.one('layoutstop', () => {
      fit();
      requestAnimationFrame(() => resolve(drawn));
    });
    layout.run();
  });
}

/**
 * Draws a made-up graph of about `elements` nodes and edges out of sight, with the real renderer,
 * style and layout, then removes it (issue 27): the first payload graph otherwise paid for V8
 * compiling cytoscape's style, label, edge and canvas code on top of its own drawing. Called by the
 * idle-time preload of the screen that draws graphs, one size per idle period, through the drawing
 * queue so it never overlaps a real drawing.
 */
export async function warmUpDrawing(elements: number): Promise<void> {
  const host = document.createElement('div');
  host.setAttribute('aria-hidden', 'true');
  // Laid out (the renderer draws only into a sized container) but off screen and inert.
  host.style.cssText = 'position:fixed;left:-10000px;top:0;width:640px;height:420px;visibility:hidden;pointer-events:none';
  document.body.append(host);
  try {
    const drawn = await drawGraph(host, warmUpModel(elements), { onHover: () => undefined });
    // One more frame: the renderer paints in the frame after the layout.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    drawn.destroy();
  } finally {
    host.remove();
  }
}

/** The sizes the warm-up draws: one for each layout (dagre up to the limit, breadth-first above). */
export const WARM_UP_SIZES = [120, LAYERED_LAYOUT_LIMIT + 60] as const;
