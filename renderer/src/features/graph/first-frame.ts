/**
 * What a large graph's first frame draws (issue 42, point 4: the first payload graph under 500 ms).
 * cytoscape computes every element's style, label size and edge geometry before its first frame,
 * whether the element is in view or not: for the output graph of a 500-triple payload (570 nodes and
 * edges) that was most of its drawing, while Fit at a readable zoom shows a few dozen. So the
 * viewport is computed from the layout alone, the elements in and near it are drawn first, and the
 * rest is added in later frames (cytoscape-draw.ts). Pure, so it is tested without a browser.
 */

export interface Box {
  readonly x1: number;
  readonly y1: number;
  readonly x2: number;
  readonly y2: number;
}

export interface Viewport {
  readonly zoom: number;
  readonly pan: { readonly x: number; readonly y: number };
}

export interface PlacedNode {
  readonly id: string;
  /** Width and height of the drawn node, px (its label inside). */
  readonly w: number;
  readonly h: number;
}

export interface Link {
  readonly source: string;
  readonly target: string;
}

export type Positions = ReadonlyMap<string, { readonly x: number; readonly y: number }>;

export const FIT_PADDING = 16;
/** Fit never zooms closer than this: a small graph's labels would be poster-sized. */
export const MAX_FIT_ZOOM = 1.2;
/** How far beyond the view the first frame reaches, in view sizes on each side: a short pan finds it drawn. */
const FIRST_FRAME_MARGIN = 0.25;

const origin = { x: 0, y: 0 };

/** A laid-out node's box (model coordinates). */
function nodeBox(n: PlacedNode, at: Positions): Box {
  const p = at.get(n.id) ?? origin;
  return { x1: p.x - n.w / 2, y1: p.y - n.h / 2, x2: p.x + n.w / 2, y2: p.y + n.h / 2 };
}

/** The extent of the laid-out nodes (model coordinates), or undefined when there are none. */
export function layoutBox(nodes: readonly PlacedNode[], at: Positions): Box | undefined {
  if (nodes.length === 0) return undefined;
  let x1 = Infinity;
  let y1 = Infinity;
  let x2 = -Infinity;
  let y2 = -Infinity;
  for (const n of nodes) {
    const b = nodeBox(n, at);
    x1 = Math.min(x1, b.x1);
    y1 = Math.min(y1, b.y1);
    x2 = Math.max(x2, b.x2);
    y2 = Math.max(y2, b.y2);
  }
  return { x1, y1, x2, y2 };
}

/**
 * Fit's viewport for a graph whose extent is `box` in a `width` x `height` container. Fitting a
 * small graph would blow its labels up to poster size: fitted, no closer than MAX_FIT_ZOOM, and
 * centred. Fitting a large one would shrink its labels below reading size (4 px for 500 triples,
 * issue 25): no smaller than `minZoom`, starting at the graph's left and top edges; the rest is
 * panned to.
 */
export function fittedViewport(box: Box, width: number, height: number, minZoom: number): Viewport {
  const fitted = Math.min((width - 2 * FIT_PADDING) / (box.x2 - box.x1), (height - 2 * FIT_PADDING) / (box.y2 - box.y1));
  if (fitted < minZoom) return { zoom: minZoom, pan: { x: FIT_PADDING - box.x1 * minZoom, y: FIT_PADDING - box.y1 * minZoom } };
  // A single point (0/0) or a graph smaller than the container: as close as allowed.
  const zoom = Number.isNaN(fitted) ? MAX_FIT_ZOOM : Math.min(MAX_FIT_ZOOM, fitted);
  return { zoom, pan: { x: (width - zoom * (box.x1 + box.x2)) / 2, y: (height - zoom * (box.y1 + box.y2)) / 2 } };
}

export interface FirstFrame<N extends PlacedNode, L extends Link> {
  readonly nodes: N[];
  readonly links: L[];
  /** Nodes of later frames (every link of `laterLinks` has its ends in `nodes` or here). */
  readonly laterNodes: N[];
  readonly laterLinks: L[];
}

/**
 * Splits a graph into what the first frame draws and the rest: every node whose box meets the view
 * widened by FIRST_FRAME_MARGIN, and every link between two of them. A link from such a node to one
 * further away comes in a later frame with that node: a payload's shared terms (a unit, a class)
 * have a link from every copy of a pattern, and drawing their far ends first drew half the graph.
 */
export function splitFirstFrame<N extends PlacedNode, L extends Link>(
  nodes: readonly N[],
  links: readonly L[],
  at: Positions,
  view: Viewport,
  width: number,
  height: number,
): FirstFrame<N, L> {
  const marginX = (width * FIRST_FRAME_MARGIN) / view.zoom;
  const marginY = (height * FIRST_FRAME_MARGIN) / view.zoom;
  const left = -view.pan.x / view.zoom - marginX;
  const top = -view.pan.y / view.zoom - marginY;
  const right = (width - view.pan.x) / view.zoom + marginX;
  const bottom = (height - view.pan.y) / view.zoom + marginY;
  const first: N[] = [];
  const laterNodes: N[] = [];
  const drawn = new Set<string>();
  for (const n of nodes) {
    const b = nodeBox(n, at);
    if (b.x2 >= left && b.x1 <= right && b.y2 >= top && b.y1 <= bottom) {
      first.push(n);
      drawn.add(n.id);
    } else {
      laterNodes.push(n);
    }
  }
  const inView: L[] = [];
  const laterLinks: L[] = [];
  for (const l of links) (drawn.has(l.source) && drawn.has(l.target) ? inView : laterLinks).push(l);
  return { nodes: first, links: inView, laterNodes, laterLinks };
}
