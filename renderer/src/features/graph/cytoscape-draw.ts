/**
 * The drawing itself: cytoscape.js on a canvas, laid out left to right as a triple reads
 * (layered-layout.ts). A separate chunk, imported on the first graph shown (load-graph.ts), so the
 * first screen stays fast. Chosen over React Flow + elkjs after measuring both (README, "The
 * workbench UI"): about as fast to draw 500 triples, a third of the download, and a canvas that pans
 * and zooms large graphs smoothly where React Flow keeps a DOM element per node.
 */
import cytoscape from 'cytoscape';
import { fittedViewport, layoutBox, splitFirstFrame } from './first-frame.js';
import type { GraphEdge, GraphModel } from './graph-model.js';
import { layeredLayout } from './layered-layout.js';
import { warmUpModel } from './warm-up-model.js';

/**
 * The layout cytoscape runs when it is created (it always runs one): none, the positions are in the
 * elements already. cytoscape's own `preset` would set each position again, with an event per node.
 */
interface LayoutEmitter {
  emit(event: string): void;
}
// A function, not a class: cytoscape calls the registrant on its own layout object (no `new`).
function GivenPositions(): void {
  // Nothing to set up: run() only reports the layout's stages, which cytoscape's start-up waits for.
}
(GivenPositions.prototype as { run(this: LayoutEmitter): LayoutEmitter }).run = function run(this: LayoutEmitter) {
  this.emit('layoutstart');
  this.emit('layoutready');
  this.emit('layoutstop');
  return this;
};
cytoscape('layout', 'given-positions', GivenPositions);

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
  /** Nodes and edges the first frame drew (all of them unless the graph is drawn in parts). */
  readonly firstFrame: number;
  /** Adds what the first frame left out, a part per frame; resolves once every element is drawn (or the graph destroyed). */
  complete(): Promise<void>;
  /** Reads the container's size again (it was hidden, or resized) and redraws at once, keeping the view's zoom and pan. */
  resize(): void;
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

/** The colours of a drawing; the dark one keeps the light one's meaning (green added, red removed, amber changed). */
export interface GraphPalette {
  readonly surface: string;
  readonly text: string;
  readonly node: string;
  readonly blank: string;
  readonly literal: string;
  readonly line: string;
  readonly edgeText: string;
  readonly added: { readonly line: string; readonly fill: string; readonly text: string };
  readonly removed: { readonly line: string; readonly fill: string; readonly text: string };
  readonly changed: string;
  readonly hover: string;
  readonly linked: string;
}

export const LIGHT_GRAPH: GraphPalette = {
  surface: '#ffffff',
  text: '#1f2328',
  node: '#eef2f7',
  blank: '#f6f8fa',
  literal: '#fff8e1',
  line: '#8c959f',
  edgeText: '#57606a',
  added: { line: '#1a7f37', fill: '#dafbe1', text: '#116329' },
  removed: { line: '#cf222e', fill: '#ffebe9', text: '#a40e26' },
  changed: '#bf8700',
  hover: '#0969da',
  linked: '#8250df',
};

/** Issue 39: in the dark theme a drawing is no white canvas; its texts keep >= 4.5:1 on their fills. */
export const DARK_GRAPH: GraphPalette = {
  surface: '#1c212b',
  text: '#e6e9ef',
  node: '#2a3140',
  blank: '#232936',
  literal: '#3a3020',
  line: '#8b95a7',
  edgeText: '#c3cad6',
  added: { line: '#6fd08c', fill: '#1d3526', text: '#9be9b0' },
  removed: { line: '#ff8a80', fill: '#3d2222', text: '#ffb4ab' },
  changed: '#f0c05a',
  hover: '#8ab4ff',
  linked: '#c4a5ff',
};

/** The palette of the theme the page shows now (the system setting, as the page's CSS follows it). */
export function currentGraphPalette(): GraphPalette {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
    ? DARK_GRAPH
    : LIGHT_GRAPH;
}

function graphStyle(p: GraphPalette): cytoscape.StylesheetJson {
  return [
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
        color: p.text,
        'background-color': p.node,
        'border-width': 1,
        'border-color': p.line,
      },
    },
    { selector: 'node[kind = "blank"]', style: { 'background-color': p.blank, 'border-style': 'dashed' } },
    { selector: 'node[kind = "literal"]', style: { shape: 'rectangle', 'background-color': p.literal } },
    {
      selector: 'edge',
      style: {
        width: 1.2,
        'curve-style': 'bezier',
        'target-arrow-shape': 'triangle',
        'arrow-scale': 0.8,
        'line-color': p.line,
        'target-arrow-color': p.line,
        label: 'data(label)',
        'font-size': EDGE_FONT,
        'font-family': 'ui-monospace, monospace',
        'text-rotation': 'autorotate',
        'text-background-color': p.surface,
        'text-background-opacity': 0.85,
        'text-background-padding': '1px',
        color: p.edgeText,
      },
    },
    {
      selector: '.added',
      style: {
        'line-color': p.added.line,
        'target-arrow-color': p.added.line,
        'border-color': p.added.line,
        'background-color': p.added.fill,
        color: p.added.text,
      },
    },
    { selector: 'edge.added', style: { width: 2.5 } },
    { selector: 'node.added, node.removed, node.changed', style: { 'border-width': 2.5 } },
    {
      selector: '.removed',
      style: {
        'line-color': p.removed.line,
        'target-arrow-color': p.removed.line,
        'border-color': p.removed.line,
        'background-color': p.removed.fill,
        color: p.removed.text,
      },
    },
    { selector: 'edge.removed', style: { width: 2.5, 'line-style': 'dashed' } },
    { selector: 'node.changed', style: { 'border-color': p.changed } },
    { selector: '.hovered', style: { 'underlay-color': p.hover, 'underlay-opacity': 0.25, 'underlay-padding': 4 } },
    {
      selector: 'node.linked',
      style: { 'underlay-color': p.linked, 'underlay-opacity': 0.45, 'underlay-padding': 6, 'border-width': 3, 'border-color': p.linked },
    },
  ];
}

type LayerCache = { getLayers?: () => null };

/**
 * Issue 42: cytoscape's canvas renderer first paints the whole graph into one "layer" bitmap of its
 * full extent (up to 16 megapixels), element by element, then copies the visible part: for a payload
 * graph of 500 triples that is a canvas far taller than the screen, and in interleaved runs in one
 * page it made the output graph 2-5x slower to appear (median 1389 ms against 246 ms without it,
 * loaded machine). Without layers each frame draws the elements in view from their own cached
 * bitmaps, which is what it does anyway while the layers are not ready. The cache is internal to
 * cytoscape (`renderer().data.lyrTxrCache`): when a version has none, nothing changes but the speed.
 */
function drawVisibleOnly(cy: cytoscape.Core): void {
  const renderer = (cy as unknown as { renderer?: () => { data?: { lyrTxrCache?: LayerCache } } }).renderer?.();
  const layers = renderer?.data?.lyrTxrCache;
  if (layers !== undefined && typeof layers.getLayers === 'function') layers.getLayers = () => null;
}

/**
 * Above this many nodes and edges a graph is drawn in parts: what the fitted view shows first, the
 * rest in later frames (first-frame.ts). Below it a graph is drawn whole in its first frame, as
 * before: the cells' pattern graphs and the payloads of single messages.
 */
const DRAW_IN_PARTS_ABOVE = 150;
/**
 * Elements added per frame after the first: the rest of a 500-triple output graph in one or two
 * frames, so the page answers between them. Parts of 120 took more frames for the same elements and
 * drew everything no sooner (the bench's "literals as nodes", about 1000 elements: 1040-1310 ms against 990-1140).
 */
const LATER_PER_FRAME = 400;

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
/** After the next frame is painted: a task queued from that frame's animation callbacks runs once it is. */
const afterNextPaint = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Draws the model into `container`; resolves once the fitted view is laid out and painted (`complete` then adds the rest). */
export function drawGraph(container: HTMLElement, model: GraphModel, callbacks: DrawCallbacks): Promise<DrawnGraph> {
  const { onHover, onSelect, onLabelPx } = callbacks;
  const elements = model.nodes.length + model.edges.length;
  const large = elements > 400;
  const palette = currentGraphPalette();
  container.style.background = palette.surface;
  const nodes = model.nodes.map((n) => ({ ...n, ...nodeSize(n.label) }));
  const at = layeredLayout(nodes, model.edges);
  // Fit from the layout, not from cytoscape's bounding box: that one measures every element's
  // labels first, the very work the first frame leaves for later.
  const box = layoutBox(nodes, at);
  const view = () => (box === undefined ? undefined : fittedViewport(box, container.clientWidth, container.clientHeight, READABLE_ZOOM));
  const fitted = view();
  const parts =
    fitted !== undefined && elements > DRAW_IN_PARTS_ABOVE
      ? splitFirstFrame(nodes, model.edges, at, fitted, container.clientWidth, container.clientHeight)
      : { nodes, links: model.edges, laterNodes: [], laterLinks: [] };
  const nodeElement = (n: (typeof nodes)[number]) => ({
    group: 'nodes' as const,
    data: n,
    position: { ...(at.get(n.id) ?? { x: 0, y: 0 }) },
    classes: n.change ?? '',
  });
  const edgeElement = (e: GraphEdge) => ({ group: 'edges' as const, data: { ...e }, classes: e.change ?? '' });
  const cy = cytoscape({
    container,
    elements: [...parts.nodes.map(nodeElement), ...parts.links.map(edgeElement)],
    style: graphStyle(palette),
    minZoom: 0.05,
    maxZoom: 4,
    // Large graphs: pan and zoom a snapshot, redraw when the gesture ends.
    textureOnViewport: large,
    hideEdgesOnViewport: large,
    boxSelectionEnabled: false,
    autoungrabify: true,
    // Without a layout here cytoscape runs its default, a fitted grid: a whole layout, style and
    // bounding-box pass thrown away (a third of the first graph tab's time in a Chromium trace,
    // issue 27). The positions are the elements' own.
    layout: { name: 'given-positions' } as cytoscape.LayoutOptions,
  });
  drawVisibleOnly(cy);
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
  const fit = () => {
    const v = view();
    if (v !== undefined) cy.viewport({ zoom: v.zoom, pan: { ...v.pan } });
    onLabelPx?.(Math.min(FONT, EDGE_FONT) * cy.zoom());
  };
  // The linked node, marked again as later frames add it (the layout placed every node of the model).
  let linked: string | undefined;
  const markLinked = () => {
    if (linked !== undefined) cy.getElementById(linked).addClass('linked');
  };
  let destroyed = false;
  let completing: Promise<void> | undefined;
  const later = [...parts.laterNodes.map(nodeElement), ...parts.laterLinks.map(edgeElement)];
  const drawn: DrawnGraph = {
    fit,
    firstFrame: parts.nodes.length + parts.links.length,
    zoom: (factor) => cy.zoom({ level: cy.zoom() * factor, renderedPosition: { x: container.clientWidth / 2, y: container.clientHeight / 2 } }),
    select: (id) => {
      cy.nodes('.linked').removeClass('linked');
      linked = id !== undefined && at.has(id) ? id : undefined;
      markLinked();
      return linked === undefined ? 0 : 1;
    },
    complete: () =>
      (completing ??= (async () => {
        if (later.length === 0) return;
        // First the page paints what the view's frame changed (the surface's state, the other
        // graph's view): elements added now would be laid out and drawn in that very frame, 40-60 ms
        // before it shows on a loaded machine.
        await afterNextPaint();
        // Nodes before links, so every link's ends are there when it is added.
        for (let i = 0; i < later.length && !destroyed; i += LATER_PER_FRAME) {
          cy.add(later.slice(i, i + LATER_PER_FRAME));
          markLinked();
          await nextFrame();
        }
      })()),
    // Cytoscape notices a container's new size by itself, but 100 ms later (a debounced observer):
    // a graph shown again would be drawn stretched from its old canvas until then.
    resize: () => {
      if (!destroyed) cy.resize();
    },
    destroy: () => {
      destroyed = true;
      cy.destroy();
    },
  };
  fit();
  // Painted in the next frame.
  return new Promise((resolve) => requestAnimationFrame(() => resolve(drawn)));
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
    // The later parts too (their code is warmed as well), then one more frame: the renderer paints
    // in the frame after the last part.
    await drawn.complete();
    await nextFrame();
    drawn.destroy();
  } finally {
    host.remove();
  }
}

/** The sizes the warm-up draws: a small graph, then one about as large as the payload graphs of 500 triples. */
export const WARM_UP_SIZES = [120, 360] as const;
