import type * as Draw from './cytoscape-draw.js';

let loading: Promise<typeof Draw> | undefined;
let queue: Promise<unknown> = Promise.resolve();

/**
 * The graph library is a separate chunk, loaded on the first graph shown or when the page is first
 * idle (app/preload-chunks.ts). A failed load is forgotten, so the next graph tries again.
 */
export function loadGraphDrawing(): Promise<typeof Draw> {
  loading ??= import('./cytoscape-draw.js').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

let warming: Promise<void> | undefined;

/**
 * Loads the graph library and runs its warm-up drawing once (cytoscape-draw.ts, warmUpLayouts): what
 * the screen that draws payload graphs preloads when the page is idle (app/preload-chunks.ts).
 */
export function warmGraphDrawing(): Promise<void> {
  warming ??= loadGraphDrawing().then(
    (draw) => draw.warmUpLayouts(),
    (error: unknown) => {
      warming = undefined;
      throw error;
    },
  );
  return warming;
}

/**
 * Runs drawings one after the other. Layout is synchronous work on the main thread: two graphs laid
 * out at once would both appear only when both are done, and each one's time would include the other's.
 */
export function inDrawingQueue<T>(draw: () => Promise<T>): Promise<T> {
  const next = queue.then(draw, draw);
  queue = next.catch(() => undefined);
  return next;
}
